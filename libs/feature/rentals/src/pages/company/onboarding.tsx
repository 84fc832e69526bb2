import { isApiError } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, PageHeader, Progress, Skeleton } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { companyApi, rentalKeys } from '../../api';
import { BranchForm } from '../../components/branch-form';
import { CarForm } from '../../components/car-form';
import { CompanyForm, LicenceUpload, VerificationBadge } from '../../components/company-form';
import { hoursText } from '../../format';
import { COMPANY_PATHS, companyCarHref } from '../../paths';

function Step({ n, title, done, open, onToggle, description, children }: { n: number; title: string; done: boolean; open: boolean; onToggle: () => void; description: string; children: React.ReactNode }) {
  const id = `step-${n}`;
  return (
    <Card className={cn(open && 'border-primary/50')}>
      <CardHeader className="flex-row items-start gap-3">
        {done ? <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-success" aria-hidden /> : <Circle className="mt-0.5 size-6 shrink-0 text-muted-foreground" aria-hidden />}
        <div className="grid flex-1 gap-1">
          <CardTitle as="h2">
            {n}. {title}
            <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button variant={open ? 'ghost' : 'outline'} size="sm" onClick={onToggle} aria-expanded={open} aria-controls={id}>
          {open ? 'Close' : done ? 'Review' : 'Start'}
        </Button>
      </CardHeader>
      {open && (
        <CardContent id={id} className="grid gap-4">
          {children}
        </CardContent>
      )}
    </Card>
  );
}

/**
 * `/car-rentals/onboarding`: the guided set-up. Each section saves through the real APIs at once (profile, licence,
 * branches, cars, payout account), so leaving and coming back resumes where the company stands.
 */
export default function OnboardingPage() {
  const qc = useQueryClient();
  const notFound = (n: number, e: unknown) => !(isApiError(e) && e.status === 404) && n < 2;
  const profile = useQuery({ queryKey: rentalKeys.profile, queryFn: companyApi.profile, retry: notFound });
  const hasProfile = profile.isSuccess;
  const branches = useQuery({ queryKey: rentalKeys.branches, queryFn: companyApi.branches, enabled: hasProfile, retry: notFound });
  const cars = useQuery({ queryKey: [...rentalKeys.fleet, 'first'], queryFn: () => companyApi.cars(undefined, 1), enabled: hasProfile, retry: notFound });
  const payout = useQuery({ queryKey: rentalKeys.payout, queryFn: companyApi.payoutAccounts });
  const [open, setOpen] = useState<number | null>(null);

  if (profile.isPending || payout.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4" aria-busy>
        <Skeleton className="h-10 w-72" />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (profile.isError && !(isApiError(profile.error) && profile.error.status === 404)) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        <PageHeader title="Set up your rental company" />
        <ErrorState title="We could not load your set-up" error={profile.error} onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  const p = profile.data ?? null;
  const branchList = branches.data ?? [];
  const done = [
    Boolean(p?.headline && p.city),
    Boolean(p?.credentials.licence_number && (p.credentials.documents.length > 0 || p.credentials.verification === 'verified')),
    branchList.length > 0,
    (cars.data?.data.length ?? 0) > 0,
    (payout.data?.length ?? 0) > 0,
  ];
  const count = done.filter(Boolean).length;
  const current = open ?? done.findIndex((d) => !d);
  const toggle = (i: number) => setOpen(current === i ? -1 : i);
  const refreshFleet = () => {
    void qc.invalidateQueries({ queryKey: rentalKeys.fleet });
    void qc.invalidateQueries({ queryKey: rentalKeys.dashboard });
  };
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <PageHeader title="Set up your rental company" description="Five steps; each one is saved as you go. Renters can book once your licence is verified and a car is published." />
      <div className="grid gap-2">
        <p className="text-sm font-medium">
          {count} of 5 done {p && <VerificationBadge p={p} />}
        </p>
        <Progress value={(count / 5) * 100} label="Set-up progress" />
      </div>
      <Step n={1} title="Company details" done={done[0]!} open={current === 0} onToggle={() => toggle(0)} description="Your headline, description and head office.">
        <CompanyForm profile={p} submitLabel="Save and continue" onSaved={() => setOpen(null)} />
      </Step>
      <Step n={2} title="Operating licence" done={done[1]!} open={current === 1} onToggle={() => toggle(1)} description="The licence number is in your details; upload a scan for Sojourn to verify.">
        {!p ? (
          <p className="text-sm text-muted-foreground">Save your company details first.</p>
        ) : (
          <>
            <p className="text-sm">
              Licence number: <span className="font-medium">{p.credentials.licence_number || 'not given yet (step 1)'}</span>
            </p>
            <LicenceUpload profile={p} />
          </>
        )}
      </Step>
      <Step n={3} title="Branches" done={done[2]!} open={current === 2} onToggle={() => toggle(2)} description="Where renters pick up and return your cars.">
        {!p ? (
          <p className="text-sm text-muted-foreground">Save your company details first.</p>
        ) : (
          <>
            {branchList.length > 0 && (
              <ul className="grid gap-1 text-sm">
                {branchList.map((b) => (
                  <li key={b.id}>
                    <span className="font-medium">{b.name}</span>, {b.address}, {b.city} · <span className="text-muted-foreground">{hoursText(b.hours)}</span>
                  </li>
                ))}
              </ul>
            )}
            <BranchForm
              branch={null}
              submitLabel={branchList.length ? 'Add another branch' : 'Add the branch'}
              onSave={async (input) => {
                await companyApi.addBranch(input);
                await qc.invalidateQueries({ queryKey: rentalKeys.branches });
              }}
            />
          </>
        )}
      </Step>
      <Step n={4} title="First car" done={done[3]!} open={current === 3} onToggle={() => toggle(3)} description="Its day rate, deposit, extras and policy; photos next.">
        {done[3] ? (
          <p className="text-sm">
            Your fleet has started.{' '}
            <Link to={companyCarHref(cars.data?.data[0]?.id)} className="font-medium text-primary underline">
              Add its photos
            </Link>{' '}
            or{' '}
            <Link to={COMPANY_PATHS.offerings} className="font-medium text-primary underline">
              see the fleet
            </Link>
            .
          </p>
        ) : branchList.length === 0 ? (
          <p className="text-sm text-muted-foreground">Add a branch first: every car is kept at one.</p>
        ) : (
          <CarForm
            car={null}
            branches={branchList}
            submitLabel="Add the car"
            onSave={async (input) => {
              await companyApi.addCar(input);
              refreshFleet();
              setOpen(null);
            }}
          />
        )}
      </Step>
      <Step n={5} title="Payout account" done={done[4]!} open={current === 4} onToggle={() => toggle(4)} description="The bank account your earnings are paid to.">
        {payout.isError ? (
          <ErrorState title="We could not read your payout accounts" error={payout.error} onRetry={() => void payout.refetch()} />
        ) : payout.data && payout.data.length > 0 ? (
          <ul className="grid gap-1 text-sm">
            {payout.data.map((a) => (
              <li key={a.id}>
                <Badge variant="secondary">{a.currency}</Badge> {a.bank_name} · {a.account_name} · ****{a.account_number.slice(-4)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No payout account yet.</p>
        )}
        <Button asChild variant="outline" className="w-fit">
          <Link to={COMPANY_PATHS.earnings}>{payout.data?.length ? 'Change it on the Earnings page' : 'Add it on the Earnings page'}</Link>
        </Button>
      </Step>
      {count === 5 && (
        <Card className="border-success/40 p-4">
          <p className="font-medium">Your company is set up.</p>
          <p className="text-sm text-muted-foreground">
            {p?.credentials.verification === 'verified' ? 'Your published cars are bookable now.' : 'Sojourn checks your licence, usually within a working day; your published cars go live then.'}
          </p>
          <Button asChild className="mt-3 w-fit">
            <Link to={COMPANY_PATHS.dashboard}>Go to the dashboard</Link>
          </Button>
        </Card>
      )}
    </div>
  );
}
