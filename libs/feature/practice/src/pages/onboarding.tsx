import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, FormAlert, PageHeader, Skeleton } from '@sojourn/ui';
import { formatMoney, payoutTarget } from '@sojourn/util';
import { useAuthStore } from '@sojourn/session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { licensed, practiceApi, practiceKeys, type PracticeProfile } from '../api';
import { OfferingForm } from '../components/offering-form';
import { PublishControl, publishBlocker } from '../components/publish';
import { SetupWizardCard } from '../components/setup-wizard';
import { copyFor, type PracticeContext } from '../context';
import { FORMAT_LABELS } from '../format';
import { ProfileForm, VerificationBadge } from './edit-profile';
import { WeeklyEditor } from './schedule';

type StepKey = 'licence' | 'specialties' | 'formats' | 'offering' | 'hours' | 'payout' | 'publish';
const ORDER: StepKey[] = ['licence', 'specialties', 'formats', 'offering', 'hours', 'payout', 'publish'];

function Done({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm text-success">
      <CheckCircle2 className="size-4" aria-hidden /> {children}
    </p>
  );
}

/** Set up a practice step by step: licence, specialties, formats, first offering, hours, payout account, publish. */
export default function OnboardingPage({ ctx }: { ctx: PracticeContext }) {
  const copy = copyFor(ctx.kind);
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const profile = useQuery({ queryKey: practiceKeys.profile(ctx.kind), queryFn: () => practiceApi.profile(ctx.kind) });
  const offerings = useQuery({ queryKey: practiceKeys.offerings(ctx.kind), queryFn: () => practiceApi.offerings(ctx.kind) });
  const schedule = useQuery({ queryKey: practiceKeys.schedule(ctx.kind), queryFn: () => practiceApi.schedule(ctx.kind) });
  const payouts = useQuery({ queryKey: practiceKeys.payoutAccounts, queryFn: practiceApi.payoutAccounts });
  const country = useAuthStore((s) => s.user?.profile?.country);
  const labels: Record<StepKey, string> = {
    licence: licensed(ctx.kind) ? 'Licence' : 'Credential',
    specialties: 'Specialties',
    formats: 'Formats',
    offering: 'First offering',
    hours: 'Hours',
    payout: 'Payout account',
    publish: 'Publish',
  };
  const p = profile.data;
  const missing = new Set(p?.missing ?? []);
  const activeOfferings = (offerings.data ?? []).filter((o) => o.active);
  const doneOf: Record<StepKey, boolean> = {
    licence: licensed(ctx.kind) ? Boolean(p?.credentials.licence_number) : true,
    specialties: Boolean(p) && !missing.has('specialties') && !missing.has('headline') && !missing.has('bio'),
    formats: Boolean(p) && !missing.has('formats') && !missing.has('time_zone'),
    offering: activeOfferings.length > 0,
    hours: Boolean(p) && !missing.has('weekly_hours'),
    payout: (payouts.data ?? []).length > 0,
    publish: p?.status === 'published',
  };
  const asked = params.get('step') as StepKey | null;
  // Without a step in the address, the first one not done yet (once the data to tell is in).
  const firstOpen = p && !offerings.isPending && !payouts.isPending ? (ORDER.find((k) => !doneOf[k]) ?? 'publish') : 'licence';
  const step: StepKey = asked && ORDER.includes(asked) ? asked : firstOpen;
  const index = ORDER.indexOf(step);
  const go = (k: StepKey) => setParams({ step: k }, { replace: false });
  const next = () => go(ORDER[Math.min(index + 1, ORDER.length - 1)]!);
  const onSaved = (saved: PracticeProfile) => {
    qc.setQueryData(practiceKeys.profile(ctx.kind), saved);
    next();
  };

  let body: ReactNode = null;
  if (p) {
    switch (step) {
      case 'licence':
        body = (
          <>
            {licensed(ctx.kind) && p.credentials.verification === 'pending' && (
              <FormAlert tone="info">Your licence is waiting for an admin to verify it. You can carry on with the next steps meanwhile.</FormAlert>
            )}
            <ProfileForm ctx={ctx} profile={p} sections={['licence']} submitLabel="Save and continue" onSaved={onSaved} />
            {ctx.kind === 'coach' && (
              <Button variant="link" onClick={next}>
                Skip: I have no credential to add
              </Button>
            )}
          </>
        );
        break;
      case 'specialties':
        body = <ProfileForm ctx={ctx} profile={p} sections={['about']} submitLabel="Save and continue" onSaved={onSaved} />;
        break;
      case 'formats':
        body = <ProfileForm ctx={ctx} profile={p} sections={['formats', 'place']} submitLabel="Save and continue" onSaved={onSaved} />;
        break;
      case 'offering':
        body =
          offerings.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : offerings.error ? (
            <ErrorState title="Could not load your offerings" error={offerings.error} onRetry={() => void offerings.refetch()} />
          ) : activeOfferings.length > 0 ? (
            <div className="grid gap-3">
              <Done>You have {activeOfferings.length} bookable offering{activeOfferings.length === 1 ? '' : 's'}.</Done>
              <ul className="grid gap-1 text-sm">
                {activeOfferings.map((o) => (
                  <li key={o.id}>
                    {o.title}: {formatMoney(o.price.amount, o.price.currency)}, {o.duration_min} min, {FORMAT_LABELS[o.format].toLowerCase()}
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2">
                <Button onClick={next}>Continue</Button>
                <Button asChild variant="outline">
                  <Link to={ctx.paths.offerings}>Manage offerings</Link>
                </Button>
              </div>
            </div>
          ) : (
            <OfferingForm
              offering={null}
              currency={payoutTarget(country).currency}
              onCancel={() => go('formats')}
              onSave={async (b) => {
                const saved = await practiceApi.createOffering(ctx.kind, b);
                toast.success(`“${saved.title}” created.`);
                await qc.invalidateQueries({ queryKey: practiceKeys.offerings(ctx.kind) });
                await qc.invalidateQueries({ queryKey: practiceKeys.profile(ctx.kind) });
                next();
              }}
            />
          );
        break;
      case 'hours':
        body = schedule.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : schedule.error ? (
          <ErrorState title="Could not load your hours" error={schedule.error} onRetry={() => void schedule.refetch()} />
        ) : (
          <div className="grid gap-4">
            {!schedule.data.time_zone && <FormAlert tone="info">Choose your time zone in the Formats step first: hours are read in it.</FormAlert>}
            <WeeklyEditor key={JSON.stringify(schedule.data)} ctx={ctx} schedule={schedule.data} />
            {doneOf.hours && (
              <div>
                <Button onClick={next}>Continue</Button>
              </div>
            )}
          </div>
        );
        break;
      case 'payout':
        body = payouts.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : (
          <div className="grid gap-3">
            {payouts.error ? (
              <ErrorState title="Could not check your bank account" error={payouts.error} onRetry={() => void payouts.refetch()} />
            ) : doneOf.payout ? (
              <Done>Your bank account for withdrawals is set.</Done>
            ) : (
              <p className="text-sm">Add the bank account your earnings are paid out to. You can publish without it, but you cannot withdraw until it is set.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button asChild variant={doneOf.payout ? 'outline' : 'default'}>
                <Link to={ctx.paths.earnings}>{doneOf.payout ? 'Earnings and payouts' : 'Add a bank account'}</Link>
              </Button>
              <Button variant={doneOf.payout ? 'default' : 'outline'} onClick={next}>
                Continue
              </Button>
            </div>
          </div>
        );
        break;
      case 'publish': {
        const blocker = publishBlocker(ctx, p);
        body = (
          <div className="grid gap-4">
            {p.status === 'published' ? <Done>Your profile is published. Clients can find and book you.</Done> : !blocker && <p className="text-sm">Everything is ready.</p>}
            {licensed(ctx.kind) && (
              <p className="flex items-center gap-2 text-sm">
                Licence: <VerificationBadge profile={p} />
              </p>
            )}
            <PublishControl ctx={ctx} profile={p} />
            <Button asChild variant="outline" className="justify-self-start">
              <Link to={ctx.paths.publicProfile}>Preview your public profile</Link>
            </Button>
          </div>
        );
        break;
      }
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title="Set up your practice" description={`Seven short steps to a bookable ${copy.practice}. Your answers are saved at each step; come back any time.`} />
      <SetupWizardCard ctx={ctx} />
      <nav aria-label="Setup steps">
        <ol className="flex flex-wrap gap-1.5">
          {ORDER.map((k, i) => (
            <li key={k}>
              <Button size="sm" variant={k === step ? 'default' : 'outline'} aria-current={k === step ? 'step' : undefined} onClick={() => go(k)}>
                {i + 1}. {labels[k]}
                {doneOf[k] && <CheckCircle2 className={k === step ? 'size-3.5' : 'size-3.5 text-success'} aria-hidden />}
                <span className="sr-only">{doneOf[k] ? ' (done)' : ' (to do)'}</span>
              </Button>
            </li>
          ))}
        </ol>
      </nav>
      <Card>
        <CardHeader>
          <CardTitle>
            {index + 1}. {labels[step]}
          </CardTitle>
          <CardDescription>
            {
              {
                licence:
                  licensed(ctx.kind)
                    ? 'Your licence number and the body that issued it. An admin verifies it before you can publish.'
                    : 'A coaching credential, if you have one. Optional: you can publish without it.',
                specialties: 'A headline, a few words about you, your specialties and languages.',
                formats: 'How and where you meet clients, and your time zone.',
                offering: 'The first session clients can book: length, price and policy.',
                hours: 'When you are available each week.',
                payout: 'Where your earnings go when you withdraw them.',
                publish: 'Put your profile in the directory.',
              }[step]
            }
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {profile.isPending ? <Skeleton className="h-72 w-full" /> : profile.error ? <ErrorState title="Could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} /> : body}
        </CardContent>
      </Card>
    </div>
  );
}
