import type { WizardData, WizardStep, WizardStepProps } from '@sojourn/routing';
import { Button, Card, CardContent, ErrorState, FormAlert, Logo, Progress, Skeleton } from '@sojourn/ui';
import type { PortalMeta } from '@sojourn/util';
import { cn } from '@sojourn/util';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronLeft } from 'lucide-react';
import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { onboardingApi, onboardingKeys, type OnboardingProgress } from './api';
import { reachable, resumeSlug, stepPath } from './paths';

export interface WizardSpec {
  portal: PortalMeta;
  /** The flow's name in the API (tour_guide, car_rental, car_dealer). */
  flow: string;
  title: string;
  intro: string;
  steps: WizardStep[];
  /** Where the provider lands after submitting (their dashboard). */
  donePath: string;
  /** The last step's button. */
  submitLabel?: string;
  /** The toast after submitting (the default speaks of an admin checking documents). */
  doneMessage?: string;
}

const lazyCache = new Map<string, ComponentType<WizardStepProps>>();
function stepComponent(step: WizardStep): ComponentType<WizardStepProps> {
  let c = lazyCache.get(step.load.toString() + step.slug);
  if (!c) {
    c = lazy(step.load);
    lazyCache.set(step.load.toString() + step.slug, c);
  }
  return c;
}

function useProgress(flow: string) {
  return useQuery({ queryKey: onboardingKeys.progress(flow), queryFn: () => onboardingApi.progress(flow) });
}

/** The frame outside a portal (`/tourguide-onboarding/...`): the portal's logo, a way out, and the wizard. */
function BareFrame({ spec, children }: { spec: WizardSpec; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-8">
          <Link to={spec.portal.homePath} className="rounded-md" aria-label={`${spec.portal.name} home`}>
            <Logo name={spec.portal.name} />
          </Link>
          <Button asChild variant="ghost" size="sm">
            <Link to={spec.portal.homePath}>Save and exit</Link>
          </Button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none sm:px-8 sm:py-10">
        {children}
      </main>
    </div>
  );
}

/** Opened at the wizard's base address: go on where the provider stopped. */
export function WizardResume({ spec, base, bare }: { spec: WizardSpec; base: string; bare: boolean }) {
  const progress = useProgress(spec.flow);
  const slugs = spec.steps.map((s) => s.slug);
  const body = progress.isPending ? (
    <Skeleton className="h-64 w-full" />
  ) : progress.isError ? (
    <ErrorState title="Your set-up could not be loaded" error={progress.error} onRetry={() => void progress.refetch()} />
  ) : (
    <Navigate replace to={stepPath(base, resumeSlug(slugs, progress.data.next_step))} />
  );
  return bare ? <BareFrame spec={spec}>{body}</BareFrame> : <div className="grid gap-6">{body}</div>;
}

function StepList({ spec, base, progress, current }: { spec: WizardSpec; base: string; progress: OnboardingProgress; current: string }) {
  const slugs = spec.steps.map((s) => s.slug);
  const saved = new Set(progress.steps.filter((s) => s.saved).map((s) => s.step));
  return (
    <nav aria-label="Set-up steps" className="hidden lg:block">
      <ol className="grid gap-1">
        {spec.steps.map((s, i) => {
          const open = reachable(slugs, saved, s.slug);
          const done = saved.has(s.slug);
          const active = s.slug === current;
          const inner = (
            <>
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  done ? 'border-primary bg-primary text-primary-foreground' : active ? 'border-primary text-primary' : 'border-border text-muted-foreground',
                )}
                aria-hidden
              >
                {done ? <Check className="size-3.5" /> : i + 1}
              </span>
              <span className={cn('text-sm', active ? 'font-semibold' : open ? '' : 'text-muted-foreground')}>
                {s.title}
                <span className="sr-only">{done ? ' (saved)' : active ? ' (current step)' : open ? '' : ' (not yet available)'}</span>
              </span>
            </>
          );
          return (
            <li key={s.slug}>
              {open && !active ? (
                <Link to={stepPath(base, s.slug)} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-accent">
                  {inner}
                </Link>
              ) : (
                <span aria-current={active ? 'step' : undefined} className={cn('flex items-center gap-3 rounded-md px-2 py-1.5', active && 'bg-accent')}>
                  {inner}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** One step of the wizard: progress, the step list, the step's form and the buttons that save it. */
export function WizardStepPage({ spec, base, slug, bare }: { spec: WizardSpec; base: string; slug: string; bare: boolean }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const progress = useProgress(spec.flow);
  const index = spec.steps.findIndex((s) => s.slug === slug);
  const step = spec.steps[index]!;
  const Step = useMemo(() => stepComponent(step), [step]);
  const slugs = spec.steps.map((s) => s.slug);
  const last = index === spec.steps.length - 1;
  const formId = `wizard-${spec.flow}-${slug}`;

  let body: ReactNode;
  if (progress.isPending) {
    body = <Skeleton className="h-96 w-full" />;
  } else if (progress.isError) {
    body = <ErrorState title="Your set-up could not be loaded" error={progress.error} onRetry={() => void progress.refetch()} />;
  } else {
    const p = progress.data;
    const saved = new Set(p.steps.filter((s) => s.saved).map((s) => s.step));
    if (!reachable(slugs, saved, slug)) {
      body = <Navigate replace to={stepPath(base, resumeSlug(slugs, p.next_step))} />;
    } else {
      const all: Record<string, WizardData> = {};
      for (const s of p.steps) all[s.step] = (s.data as WizardData) ?? null;
      const props: WizardStepProps = {
        data: all[slug] ?? null,
        all,
        formId,
        submittedAt: p.submitted_at ?? null,
        save: async (data) => {
          const savedStep = await onboardingApi.saveStep(spec.flow, slug, data);
          qc.setQueryData<OnboardingProgress>(onboardingKeys.progress(spec.flow), (old) => {
            if (!old) return old;
            const steps = old.steps.map((s) => (s.step === slug ? savedStep : s));
            const next = steps.find((s) => !s.saved)?.step ?? null;
            return { ...old, steps, next_step: next };
          });
          if (!last) navigate(stepPath(base, spec.steps[index + 1]!.slug));
        },
        submit: async () => {
          const done = await onboardingApi.submit(spec.flow);
          qc.setQueryData(onboardingKeys.progress(spec.flow), done);
          await qc.invalidateQueries();
          toast.success(spec.doneMessage ?? 'Submitted. We will let you know once an admin has checked your documents.');
          navigate(spec.donePath);
        },
      };
      const savedCount = saved.size;
      body = (
        <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
          <StepList spec={spec} base={base} progress={p} current={slug} />
          <div className="grid min-w-0 gap-6">
            <div className="grid gap-2">
              <p className="text-sm font-medium text-muted-foreground">
                Step {index + 1} of {spec.steps.length}
                <span aria-hidden> · </span>
                <span className="sr-only">, </span>
                {savedCount} saved
              </p>
              <Progress value={(100 * savedCount) / spec.steps.length} label={`${savedCount} of ${spec.steps.length} steps saved`} />
              <h2 className="text-xl font-semibold tracking-tight">{step.title}</h2>
              {step.description && <p className="text-muted-foreground">{step.description}</p>}
            </div>
            {p.submitted_at && (
              <FormAlert tone="info">
                You submitted this set-up on {new Date(p.submitted_at).toLocaleDateString()}. Changes you save here are kept as a draft; edit your
                live profile from the portal.
              </FormAlert>
            )}
            <Card>
              <CardContent className="pt-6 sm:pt-6">
                <Suspense fallback={<Skeleton className="h-48 w-full" />}>
                  <Step {...props} />
                </Suspense>
              </CardContent>
            </Card>
            <div className="flex flex-wrap items-center justify-between gap-3">
              {index > 0 ? (
                <Button asChild variant="outline">
                  <Link to={stepPath(base, spec.steps[index - 1]!.slug)}>
                    <ChevronLeft className="size-4" aria-hidden /> Back
                  </Link>
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" form={formId} disabled={last && Boolean(p.submitted_at)}>
                {last ? (p.submitted_at ? 'Submitted' : (spec.submitLabel ?? 'Submit for verification')) : 'Save and continue'}
              </Button>
            </div>
          </div>
        </div>
      );
    }
  }
  const header = (
    <div className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{spec.title}</h1>
      <p className="max-w-2xl text-muted-foreground">{spec.intro}</p>
    </div>
  );
  const content = (
    <div className="grid gap-6">
      {header}
      {body}
    </div>
  );
  return bare ? <BareFrame spec={spec}>{content}</BareFrame> : content;
}
