import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FileUpload } from '@sojourn/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { accountKeys, profileApi } from '../api';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export function AvatarUploader({ currentUrl }: { currentUrl: string | null }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const upload = useMutation({
    mutationFn: (f: File) => profileApi.uploadAvatar(f),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(accountKeys.profile, (old: object | undefined) => ({ ...old, ...data }));
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
      void queryClient.invalidateQueries({ queryKey: accountKeys.completeness });
      setFile(null);
      setResetKey((k) => k + 1);
      toast.success('Your new photo is saved.');
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: () => profileApi.removeAvatar(),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(accountKeys.profile, (old: object | undefined) => ({ ...old, ...data }));
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
      void queryClient.invalidateQueries({ queryKey: accountKeys.completeness });
      setResetKey((k) => k + 1);
      toast.success('Your photo has been removed.');
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile photo</CardTitle>
        <CardDescription>A clear photo of your face helps the people you meet recognise you.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FileUpload
          key={resetKey}
          label="Profile photo"
          accept={AVATAR_TYPES}
          maxBytes={AVATAR_MAX_BYTES}
          currentUrl={mediaUrl(currentUrl)}
          round
          error={error}
          onFileChange={(f) => {
            setError(null);
            setFile(f);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
            Upload photo
          </Button>
          {currentUrl && (
            <Button variant="ghost" loading={remove.isPending} onClick={() => remove.mutate()}>
              Remove current photo
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
