import { isApiError, errorMessage } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { Button, Card, CardContent, ErrorState, FormAlert, Skeleton } from '@sojourn/ui';
import { PORTALS } from '@sojourn/util';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { userOnboardingApi, userOnboardingKeys, usePersonalisation, useUserOnboardingProgress } from './api';
import { StepFields } from './fields';
import { JourneyFrame } from './frame';
import {
  CREATE_PATH,
  LOGIN_PATH,
  STEPS,
  VISITOR_STEPS,
  defaultData,
  localCheck,
  nextSlug,
  prevSlug,
  stepPath,
  useVisitorAnswers,
  type StepData,
  type StepSlug,
} from './model';

const INTROS: Record<StepSlug, string> = {
  intent: 'Tell us what you are here for and we will shape Sojourn around it. You can change it any time.',
  one: 'Start with the name people will see.',
  two: 'We use it to keep Sojourn age-appropriate.',
  three: 'It helps us show what is relevant to you.',
  four: 'So times and suggestions are right where you live.',
  five: 'To match you with guides, coaches and people who speak your languages.',
  six: 'A few things you love, to suggest trips, sessions and people.',
  seven: 'Pick the kinds of trips you enjoy.',
  eight: 'Pick what you would like help with.',
  nine: 'Choose what we email you about.',
  ten: 'Decide who can reach you and who sees what you share.',
  eleven: 'Check your answers before you finish.',
};

export function useSignedIn() {
  return useAuthStore((s) => Boolean(s.accessToken));
}

/**
 * One step of the journey. A visitor's answers stay in this browser; a signed-in person's are saved on the server step
 * by step (so another device resumes), prefilled from what was saved.
 */
export function StepPage({ slug }: { slug: StepSlug }) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const local = useVisitorAnswers((s) => s.answers[slug]);
  const setLocal = useVisitorAnswers((s) => s.setAnswer);
  const progress = useUserOnboardingProgress(signedIn);
  const personalisation = usePersonalisation();
  const [draft, setDraft] = useState<StepData | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>((location.state as { errors?: Record<string, string> } | null)?.errors ?? {});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const meta = STEPS.find((s) => s.slug === slug)!;

  // A visitor answers the first steps, then is asked to create an account (or sign in) to go on.
  const visitorBlocked = !signedIn && !VISITOR_STEPS.includes(slug);
  useEffect(() => {
    if (visitorBlocked) navigate(CREATE_PATH, { replace: true });
  }, [visitorBlocked, navigate]);

  // Someone who never has to onboard (an earlier account, a provider) or has finished goes home.
  const done = signedIn && personalisation.data && !personalisation.data.onboarding_required;

  const serverData = progress.data?.steps.find((s) => s.step === slug)?.data as StepData | null | undefined;
  const ready = !signedIn || progress.data !== undefined;
  useEffect(() => {
    if (ready && draft === null) setDraft({ ...defaultData(slug), ...(serverData ?? {}), ...(local ?? {}) });
  }, [ready, draft, serverData, local, slug]);
  useEffect(() => {
    heading.current?.focus();
  }, [slug]);

  const save = async (data: StepData): Promise<boolean> => {
    setErrors({});
    setFormError(null);
    const local = localCheck(slug, data);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFormError('Please check the highlighted answers.');
      return false;
    }
    if (!signedIn) {
      setLocal(slug, data);
      return true;
    }
    setBusy(true);
    try {
      await userOnboardingApi.saveStep(slug, data);
      await queryClient.invalidateQueries({ queryKey: userOnboardingKeys.progress });
      return true;
    } catch (e) {
      if (isApiError(e) && e.hasFieldErrors) {
        setErrors(e.fields);
        setFormError('Please check the highlighted answers.');
      } else setFormError(errorMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const onNext = async () => {
    if (!draft || !(await save(draft))) return;
    const next = nextSlug(slug);
    if (!signedIn && (!next || !VISITOR_STEPS.includes(next))) navigate(CREATE_PATH);
    else navigate(stepPath(next ?? 'eleven'));
  };
  const onLater = async () => {
    if (draft && !(await save(draft))) return;
    toast.success(signedIn ? 'Saved. Pick up where you left off from any device.' : 'Saved in this browser. Create an account to keep it everywhere.');
    navigate('/');
  };

  if (visitorBlocked) return null;
  if (done) {
    return (
      <JourneyFrame>
        <Card>
          <CardContent className="grid gap-4 pt-6">
            <h1 className="text-2xl font-semibold">You are all set</h1>
            <p className="text-muted-foreground">Your account does not need this set-up. Your dashboard is ready.</p>
            <Button asChild className="w-fit">
              <Link to={PORTALS.user.homePath}>Go to your dashboard</Link>
            </Button>
          </CardContent>
        </Card>
      </JourneyFrame>
    );
  }
  const prev = prevSlug(slug);
  return (
    <JourneyFrame step={slug} onLater={() => void onLater()}>
      <div className="grid gap-1">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none sm:text-3xl">
          {slug === 'intent' ? 'Welcome to Sojourn' : meta.title}
        </h1>
        <p className="text-muted-foreground">{INTROS[slug]}</p>
      </div>
      {signedIn && progress.isError ? (
        <ErrorState error={progress.error} onRetry={() => void progress.refetch()} />
      ) : draft === null ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading your answers">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-2/3" />
        </div>
      ) : (
        <form
          noValidate
          className="grid gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            void onNext();
          }}
        >
          <FormAlert>{formError}</FormAlert>
          <StepFields slug={slug} data={draft} onChange={setDraft} errors={errors} signedIn={signedIn} />
          <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            {prev ? (
              <Button asChild variant="ghost">
                <Link to={stepPath(prev)}>
                  <ChevronLeft className="size-4" aria-hidden /> Back
                </Link>
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : slug === 'intent' ? 'Start my journey' : 'Next'}
            </Button>
          </div>
          {!signedIn && (
            <p className="text-sm text-muted-foreground">
              Your answers stay in this browser until you{' '}
              <Link to={CREATE_PATH} className="font-medium text-primary hover:underline">
                create an account
              </Link>{' '}
              or{' '}
              <Link to={LOGIN_PATH} className="font-medium text-primary hover:underline">
                sign in
              </Link>
              .
            </p>
          )}
        </form>
      )}
    </JourneyFrame>
  );
}
