import { zodResolver } from '@hookform/resolvers/zod';
import { applyServerErrors, Button, ErrorState, FormAlert, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { socialApi, socialKeys, type SocialPrivacy } from './api';

const schema = z.object({
  who_can_message: z.enum(['everyone', 'friends', 'nobody']),
  who_can_request: z.enum(['everyone', 'friends_of_friends', 'nobody']),
  posts_audience: z.enum(['public', 'friends', 'only_me']),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['who_can_message', 'who_can_request', 'posts_audience'] as const;

const CHOICES: { name: keyof Values; legend: string; hint: string; options: { value: string; label: string }[] }[] = [
  {
    name: 'who_can_message',
    legend: 'Who can message me',
    hint: 'Conversations you already have carry on whatever you choose.',
    options: [
      { value: 'everyone', label: 'Everyone' },
      { value: 'friends', label: 'Friends only' },
      { value: 'nobody', label: 'Nobody new' },
    ],
  },
  {
    name: 'who_can_request',
    legend: 'Who can send me friend requests',
    hint: 'Friends of friends are people with at least one friend in common with you.',
    options: [
      { value: 'everyone', label: 'Everyone' },
      { value: 'friends_of_friends', label: 'Friends of friends' },
      { value: 'nobody', label: 'Nobody' },
    ],
  },
  {
    name: 'posts_audience',
    legend: 'Who sees my new posts',
    hint: 'The audience your posts start with; you can pick another for each post.',
    options: [
      { value: 'public', label: 'Everyone on Sojourn' },
      { value: 'friends', label: 'Friends' },
      { value: 'only_me', label: 'Only me' },
    ],
  },
];

function Choice({ c, register, error }: { c: (typeof CHOICES)[number]; register: UseFormRegister<Values>; error?: string | undefined }) {
  return (
    <fieldset className="grid gap-2 rounded-xl border p-4">
      <legend className="px-1 font-medium">{c.legend}</legend>
      <p className="text-sm text-muted-foreground">{c.hint}</p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {c.options.map((o) => (
          <label key={o.value} className="flex min-h-10 items-center gap-2 text-sm">
            <input type="radio" value={o.value} className="size-4 accent-primary" {...register(c.name)} />
            {o.label}
          </label>
        ))}
      </div>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </fieldset>
  );
}

function Form({ initial }: { initial: SocialPrivacy }) {
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: initial });
  const save = useMutation({
    mutationFn: (v: Values) => socialApi.setPrivacy(v),
    onSuccess: (p) => {
      qc.setQueryData(socialKeys.privacy, p);
      form.reset(p);
      setSaved(true);
    },
    onError: (e) => setFormError(applyServerErrors(e, form.setError, FIELDS)),
  });
  return (
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit((v) => {
        setFormError(null);
        setSaved(false);
        save.mutate(v);
      })}
    >
      {CHOICES.map((c) => (
        <Choice key={c.name} c={c} register={form.register} error={form.formState.errors[c.name]?.message} />
      ))}
      {formError && <FormAlert>{formError}</FormAlert>}
      {saved && !form.formState.isDirty && <FormAlert tone="success">Your privacy settings are saved.</FormAlert>}
      <div>
        <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

/** The caller's privacy settings: who can message them, who can send requests, who sees their posts. */
export function PrivacySettings() {
  const q = useQuery({ queryKey: socialKeys.privacy, queryFn: socialApi.privacy });
  if (q.isPending) return <Skeleton className="h-64" />;
  if (q.isError) return <ErrorState title="We could not load your settings" error={q.error} onRetry={() => void q.refetch()} />;
  return <Form initial={q.data} />;
}
