import { reloadUser, useAuthStore } from '@sojourn/session';
import { Button, ErrorState, FormAlert, Skeleton } from '@sojourn/ui';
import { hasRole } from '@sojourn/session';
import { ROLE_LABELS, formatDate, type Role } from '@sojourn/util';
import { CheckCircle2, Hourglass } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMyApplications } from '../hooks';
import { ApplicationForm } from './application-form';

/**
 * Where a signed-in person stands with a role: approved (go in), pending ("under review"), rejected (reason, apply
 * again) or not applied yet (the form).
 */
export function RoleApplicationPanel({ role, homePath, onStage }: { role: Role; homePath: string; onStage?: (stage: 'form' | 'review' | 'done') => void }) {
  const user = useAuthStore((s) => s.user);
  const apps = useMyApplications();
  const [reapply, setReapply] = useState(false);
  const [checking, setChecking] = useState(false);

  if (hasRole(user, role)) {
    onStage?.('done');
    return (
      <div className="grid gap-4" role="status">
        <CheckCircle2 className="size-12 text-success" aria-hidden />
        <h2 className="font-display text-2xl font-semibold">You are approved</h2>
        <p className="text-muted-foreground">Your account has the {ROLE_LABELS[role].toLowerCase()} role. Everything is ready for you.</p>
        <Button asChild size="lg">
          <Link to={homePath}>Open your dashboard</Link>
        </Button>
      </div>
    );
  }
  if (apps.isError) return <ErrorState title="We could not load your applications" error={apps.error} onRetry={() => void apps.refetch()} />;
  if (!apps.data) return <Skeleton className="h-64 w-full" />;

  const latest = apps.data.filter((a) => a.role === role).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];

  if (latest?.status === 'pending' || (latest?.status === 'approved' && !reapply)) {
    onStage?.('review');
    const check = async () => {
      setChecking(true);
      await Promise.all([apps.refetch(), reloadUser()]);
      setChecking(false);
    };
    return (
      <div className="grid gap-4" role="status">
        <Hourglass className="size-12 text-primary" aria-hidden />
        <h2 className="font-display text-2xl font-semibold">Your application is under review</h2>
        <p className="text-muted-foreground">
          You applied on {formatDate(latest.created_at)}. Our team checks every {ROLE_LABELS[role].toLowerCase()} application by hand, usually
          within two working days. We will email you when a decision is made.
        </p>
        <div>
          <Button variant="outline" loading={checking} onClick={() => void check()}>
            Check status
          </Button>
        </div>
      </div>
    );
  }

  onStage?.('form');
  return (
    <div className="grid gap-4">
      {latest?.status === 'rejected' && (
        <FormAlert>
          Your previous application was not approved{latest.reason ? `: “${latest.reason}”` : '.'} You are welcome to apply again with more detail.
        </FormAlert>
      )}
      <ApplicationForm role={role} onSubmitted={() => setReapply(false)} />
    </div>
  );
}
