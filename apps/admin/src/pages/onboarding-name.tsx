import { errorMessage } from '@sojourn/api-client';
import { accountKeys, profileApi, useMe } from '@sojourn/feature-account';
import { Button, Input, Label, Skeleton } from '@sojourn/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ONBOARDING_SKIPPED, ONBOARDING_STEPS, OnboardingFrame } from '../components/onboarding-frame';

export default function OnboardingNamePage() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (me.data?.profile?.display_name) setName((n) => n || me.data.profile?.display_name || '');
  }, [me.data]);
  const save = useMutation({
    mutationFn: (display_name: string) => profileApi.update({ display_name }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
      void queryClient.invalidateQueries({ queryKey: accountKeys.profile });
      navigate(ONBOARDING_STEPS[1]);
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const n = name.trim();
    if (n.length < 2) {
      setError('Enter the name your colleagues know you by (at least 2 characters).');
      return;
    }
    setError(null);
    save.mutate(n);
  };
  return (
    <OnboardingFrame step={1} title="Welcome to the Sojourn team" description="Your name appears beside every decision you make in the audit log, so members and colleagues know who to ask.">
      {me.isLoading ? (
        <Skeleton className="h-10 w-full" />
      ) : (
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="display-name">Your name</Label>
            <Input
              id="display-name"
              autoComplete="name"
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'display-name-error' : undefined}
            />
            {error && (
              <p id="display-name-error" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-wrap justify-between gap-2">
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                sessionStorage.setItem(ONBOARDING_SKIPPED, '1');
                navigate('/admin-dashboard');
              }}
            >
              Skip for now
            </Button>
            <Button type="submit" loading={save.isPending}>
              Continue
            </Button>
          </div>
        </form>
      )}
    </OnboardingFrame>
  );
}
