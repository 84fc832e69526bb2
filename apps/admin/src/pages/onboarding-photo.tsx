import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { accountKeys, profileApi, useMe } from '@sojourn/feature-account';
import { Button, FileUpload } from '@sojourn/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ONBOARDING_STEPS, OnboardingFrame } from '../components/onboarding-frame';

const TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

export default function OnboardingPhotoPage() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (f: File) => profileApi.uploadAvatar(f),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
      void queryClient.invalidateQueries({ queryKey: accountKeys.profile });
      navigate(ONBOARDING_STEPS[2]);
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <OnboardingFrame step={2} title="Add a photo" description="A clear photo of your face helps providers and colleagues recognise who they are dealing with.">
      <FileUpload
        label="Profile photo"
        accept={TYPES}
        maxBytes={MAX_BYTES}
        currentUrl={mediaUrl(me.data?.profile?.avatar_url)}
        round
        error={error}
        onFileChange={(f) => {
          setError(null);
          setFile(f);
        }}
      />
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" onClick={() => navigate(ONBOARDING_STEPS[0])}>
          Back
        </Button>
        <span className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => navigate(ONBOARDING_STEPS[2])}>
            Not now
          </Button>
          <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
            Upload and continue
          </Button>
        </span>
      </div>
    </OnboardingFrame>
  );
}
