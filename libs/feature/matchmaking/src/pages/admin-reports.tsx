import { errorMessage } from '@sojourn/api-client';
import {
  Badge,
  Button,
  CursorList,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormAlert,
  Label,
  PageHeader,
  Textarea,
  cursorQuery,
} from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { matchmakingApi, matchmakingKeys, type MatchReport, type ReportStatus } from '../api';
import { PersonLine } from '../fields';
import { REPORT_REASONS } from '../steps';

const QUEUES: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'To decide' },
  { value: 'removed', label: 'Removed' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'all', label: 'All' },
];

const date = (iso: string) => new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function ResolveDialog({ r, action, onClose }: { r: MatchReport; action: 'dismiss' | 'remove' | null; onClose: () => void }) {
  const [note, setNote] = useState('');
  const qc = useQueryClient();
  const resolve = useMutation({
    mutationFn: (a: 'dismiss' | 'remove') => matchmakingApi.resolve(r.id, a, note.trim()),
    onSuccess: (_x, a) => {
      toast.success(a === 'dismiss' ? 'Report dismissed.' : `${r.reported.display_name} is removed from matchmaking.`);
      void qc.invalidateQueries({ queryKey: ['matchmaking', 'reports'] });
      onClose();
    },
  });
  return (
    <Dialog open={action !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{action === 'remove' ? `Remove ${r.reported.display_name} from matchmaking?` : 'Dismiss this report?'}</DialogTitle>
          <DialogDescription>
            {action === 'remove'
              ? 'They stop appearing to anyone and cannot opt in again. Their matches and conversations stay. The decision is audited.'
              : 'Nothing changes for the person reported. The decision is audited.'}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={`note-${r.id}`}>Note (optional)</Label>
          <Textarea id={`note-${r.id}`} value={note} maxLength={1000} rows={3} onChange={(e) => setNote(e.target.value)} />
        </div>
        {resolve.isError && <FormAlert>{errorMessage(resolve.error)}</FormAlert>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={action === 'remove' ? 'destructive' : 'default'} loading={resolve.isPending} onClick={() => action && resolve.mutate(action)}>
            {action === 'remove' ? 'Remove from matchmaking' : 'Dismiss report'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Row({ r }: { r: MatchReport }) {
  const [action, setAction] = useState<'dismiss' | 'remove' | null>(null);
  return (
    <div className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-testid="match-report">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-medium">{r.reporter.display_name}</span> reported <span className="font-medium">{r.reported.display_name}</span> on {date(r.created_at)}
        </p>
        <Badge variant={r.status === 'open' ? 'warning' : r.status === 'removed' ? 'destructive' : 'secondary'}>{r.status}</Badge>
      </div>
      <PersonLine person={r.reported} />
      <p>
        <span className="font-medium">{REPORT_REASONS[r.reason] ?? r.reason}</span>
        {r.details && <span className="mt-1 block whitespace-pre-wrap break-words rounded-md bg-muted/60 p-3">“{r.details}”</span>}
      </p>
      {r.status !== 'open' && (
        <p className="text-muted-foreground">
          Resolved{r.resolved_at ? ` on ${date(r.resolved_at)}` : ''}
          {r.note ? `: ${r.note}` : '.'}
        </p>
      )}
      {r.status === 'open' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="destructive" onClick={() => setAction('remove')} aria-label={`Remove ${r.reported.display_name} from matchmaking`}>
            Remove from matchmaking
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAction('dismiss')} aria-label={`Dismiss the report by ${r.reporter.display_name}`}>
            Dismiss
          </Button>
        </div>
      )}
      <ResolveDialog r={r} action={action} onClose={() => setAction(null)} />
    </div>
  );
}

/** /admin-dashboard/matchmaking: reports of people in matchmaking; dismiss, or remove the person from matchmaking. */
export default function AdminMatchmakingReportsPage() {
  const [params, setParams] = useSearchParams();
  const status = QUEUES.some((s) => s.value === params.get('status')) ? (params.get('status') as ReportStatus) : 'open';
  const q = useInfiniteQuery({ ...cursorQuery(matchmakingKeys.reports(status), (cursor) => matchmakingApi.reports(status, cursor)) });
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Matchmaking reports" description="People reported in matchmaking, oldest first while open. Removing someone takes them out of matchmaking for good." />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Reports to show">
        {QUEUES.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={status === o.value}
            onClick={() => setParams({ status: o.value }, { replace: true })}
            className="rounded-full border px-3 py-1.5 text-sm font-medium aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {o.label}
          </button>
        ))}
      </div>
      <CursorList
        query={q}
        rowKey={(r) => r.id}
        noun={['report', 'reports']}
        empty={{ icon: <Flag className="size-6" />, title: 'Nothing here', description: status === 'open' ? 'Every report has been decided.' : 'No reports in this list.' }}
      >
        {(r) => <Row r={r} />}
      </CursorList>
    </div>
  );
}
