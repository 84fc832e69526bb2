import { errorMessage, isApiError } from '@sojourn/api-client';
import { Button, Card, CardContent, ErrorState, FormAlert, Skeleton } from '@sojourn/ui';
import { countryName } from '@sojourn/util';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { userOnboardingApi, useUserOnboardingProgress } from './api';
import { JourneyFrame } from './frame';
import { useSignedIn } from './journey';
import { CREATE_PATH, GENDERS, INTENTS, NOTIFY_CATEGORIES, PRIVACY, STEPS, SUCCESS_PATH, TRAVEL_STYLES, WELLNESS_GOALS, stepPath, type StepData } from './model';

const labelOf = (options: readonly { value: string; label: string }[], v: unknown) => options.find((o) => o.value === v)?.label ?? String(v ?? '');
const listOf = (options: readonly { value: string; label: string }[] | null, v: unknown) => {
  const l = Array.isArray(v) ? v.map((x) => (options ? labelOf(options, x) : String(x))) : [];
  return l.length ? l.join(', ') : 'None chosen';
};

function summary(slug: string, d: StepData | null | undefined): string {
  if (!d) return 'Not answered yet';
  switch (slug) {
    case 'intent':
      return listOf(INTENTS, d.intents);
    case 'one':
      return `${String(d.display_name ?? '')}${d.avatar_url ? ' · photo added' : ' · no photo'}`;
    case 'two':
      return String(d.date_of_birth ?? '');
    case 'three':
      return labelOf(GENDERS, d.gender);
    case 'four':
      return `${String(d.city ?? '')}, ${countryName(String(d.country ?? ''))} · ${String(d.time_zone ?? '').replace(/_/g, ' ')}`;
    case 'five':
      return listOf(null, d.languages);
    case 'six':
      return listOf(null, d.interests);
    case 'seven':
      return listOf(TRAVEL_STYLES, d.travel_styles);
    case 'eight':
      return listOf(WELLNESS_GOALS, d.wellness_goals);
    case 'nine':
      return `Email: ${listOf(NOTIFY_CATEGORIES, d.email)}`;
    case 'ten':
      return (Object.keys(PRIVACY) as (keyof typeof PRIVACY)[]).map((k) => `${PRIVACY[k].label}: ${labelOf(PRIVACY[k].options, d[k])}`).join(' · ');
    default:
      return '';
  }
}

/** The last step (at /user-onboarding/eleven and /user-onboarding/index11): every answer, a way back to each, and finish. */
export function ReviewPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const progress = useUserOnboardingProgress(signedIn);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn) navigate(CREATE_PATH, { replace: true });
  }, [signedIn, navigate]);
  useEffect(() => {
    if (progress.data?.submitted_at) navigate(SUCCESS_PATH, { replace: true });
  }, [progress.data, navigate]);

  const finish = async () => {
    setBusy(true);
    setError(null);
    try {
      await userOnboardingApi.saveStep('eleven', { confirmed: true });
      await userOnboardingApi.submit();
      await queryClient.invalidateQueries({ queryKey: ['user-onboarding'] });
      navigate(SUCCESS_PATH);
    } catch (e) {
      if (isApiError(e) && e.status === 409) {
        navigate(SUCCESS_PATH);
        return;
      }
      const missing = isApiError(e) ? e.fields.step?.match(/step (\w+) is not saved/)?.[1] : undefined;
      setError(missing ? `One step is still missing: ${STEPS.find((s) => s.slug === missing)?.title ?? missing}.` : errorMessage(e));
      setBusy(false);
    }
  };

  if (!signedIn) return null;
  const missing = progress.data?.steps.filter((s) => s.step !== 'eleven' && !s.saved) ?? [];
  return (
    <JourneyFrame step="eleven">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Review your answers</h1>
        <p className="text-muted-foreground">Change anything you like, then finish. Everything can be changed later in your profile and settings.</p>
      </div>
      {progress.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading your answers">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : progress.isError ? (
        <ErrorState error={progress.error} onRetry={() => void progress.refetch()} />
      ) : (
        <>
          <FormAlert>{error}</FormAlert>
          <Card>
            <CardContent className="pt-6">
              <dl className="divide-y">
                {STEPS.filter((s) => s.slug !== 'eleven').map((s) => {
                  const saved = progress.data.steps.find((x) => x.step === s.slug);
                  return (
                    <div key={s.slug} className="grid gap-1 py-3">
                      <dt className="text-sm font-medium">{s.title}</dt>
                      <dd className="flex items-start justify-between gap-4 text-sm text-muted-foreground">
                        <span className="min-w-0 break-words">{saved?.saved ? summary(s.slug, saved.data as StepData) : 'Not answered yet'}</span>
                        <Link to={stepPath(s.slug)} className="shrink-0 font-medium text-primary hover:underline" aria-label={`Change ${s.title.toLowerCase()}`}>
                          Change
                        </Link>
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </CardContent>
          </Card>
          {missing.length > 0 && (
            <FormAlert tone="info">
              Still to answer:{' '}
              {missing.map((m, i) => (
                <span key={m.step}>
                  {i > 0 && ', '}
                  <Link to={stepPath(m.step)} className="font-semibold underline">
                    {STEPS.find((s) => s.slug === m.step)?.title}
                  </Link>
                </span>
              ))}
            </FormAlert>
          )}
          <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            <Button asChild variant="ghost">
              <Link to={stepPath('ten')}>
                <ChevronLeft className="size-4" aria-hidden /> Back
              </Link>
            </Button>
            <Button type="button" onClick={() => void finish()} disabled={busy || missing.length > 0}>
              {busy ? 'Finishing…' : 'Finish and go to my Sojourn'}
            </Button>
          </div>
        </>
      )}
    </JourneyFrame>
  );
}
