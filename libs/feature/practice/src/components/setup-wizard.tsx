import { typedClient, unwrap } from '@sojourn/api-client';
import { Button, Card, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import type { PracticeContext } from '../context';

/**
 * The portal's resumable set-up wizard (progress kept on the server, `api/internal/onboarding`): offered on the
 * dashboard and the set-up page until the provider has submitted it. Nothing shows while it loads or when it fails;
 * the rest of the page works without it.
 */
export function SetupWizardCard({ ctx }: { ctx: PracticeContext }) {
  const w = ctx.setupWizard;
  const q = useQuery({
    queryKey: ['onboarding', w?.flow ?? ''],
    queryFn: () => unwrap(typedClient(true).GET('/api/v1/onboarding/{flow}', { params: { path: { flow: w!.flow } } })).then((r) => r.data),
    enabled: Boolean(w),
  });
  if (!w || !q.isSuccess || q.data.submitted_at) return null;
  const saved = q.data.steps.filter((s) => s.saved).length;
  const total = q.data.steps.length;
  return (
    <Card className="border-primary/40 bg-accent/40">
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <CardTitle as="h2" className="flex items-center gap-2">
            <ClipboardList className="size-5" aria-hidden /> {saved === 0 ? w.title : `Continue your set-up (${saved} of ${total} steps saved)`}
          </CardTitle>
          <CardDescription>{w.description}</CardDescription>
        </div>
        <Button asChild>
          <Link to={w.path}>{saved === 0 ? 'Start' : 'Continue'}</Link>
        </Button>
      </CardHeader>
    </Card>
  );
}
