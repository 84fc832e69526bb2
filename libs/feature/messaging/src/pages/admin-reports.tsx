import { errorMessage } from '@sojourn/api-client';
import { Button, EmptyState, ErrorState, Pagination, Spinner } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { messagingApi, messagingKeys, type MessageReport } from '../api';

type Status = 'open' | 'dismissed' | 'removed';

/** /admin-dashboard/message-reports: reports of messages; dismiss, or remove the message (and suspend from the user's page). */
export default function AdminMessageReports() {
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: messagingKeys.reports(status, page), queryFn: () => messagingApi.adminReports(status, page) });
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-semibold">Message reports</h1>
        <p className="text-sm text-muted-foreground">Messages people reported. Remove what breaks the rules; suspend repeat offenders from their account page.</p>
      </div>
      <div role="tablist" aria-label="Report state" className="flex gap-2">
        {(['open', 'dismissed', 'removed'] as const).map((s) => (
          <Button key={s} role="tab" aria-selected={status === s} variant={status === s ? 'default' : 'outline'} size="sm" onClick={() => {
            setStatus(s);
            setPage(1);
          }}>
            {s[0]?.toUpperCase() + s.slice(1)}
          </Button>
        ))}
      </div>
      {q.isPending ? <Spinner label="Loading reports" /> : q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} /> :
        q.data.data.length === 0 ? <EmptyState title={`No ${status} reports`} description="Reports of messages appear here." /> : (
          <>
            <ul className="grid gap-3">
              {q.data.data.map((r) => <ReportRow key={r.id} r={r} />)}
            </ul>
            <Pagination page={q.data.meta.page} perPage={q.data.meta.per_page} total={q.data.meta.total} onPageChange={setPage} />
          </>
        )}
    </div>
  );
}

function ReportRow({ r }: { r: MessageReport }) {
  const qc = useQueryClient();
  const decide = useMutation({
    mutationFn: (action: 'dismiss' | 'remove') => messagingApi.decide(r.id, action),
    onSuccess: () => {
      toast.success('Decided.');
      void qc.invalidateQueries({ queryKey: ['messaging', 'reports'] });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4">
      <p className="text-sm"><span className="font-semibold">{r.reporter.display_name}</span> reported a message from <span className="font-semibold">{r.sender.display_name}</span> · {new Date(r.created_at).toLocaleString()}</p>
      <blockquote className="rounded-md bg-muted p-3 text-sm">{r.body || <em>(no text: an attachment, or already removed)</em>}</blockquote>
      <p className="text-sm"><span className="font-medium">Reason:</span> {r.reason}</p>
      {r.status === 'open' ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => decide.mutate('dismiss')}>Dismiss</Button>
          <Button size="sm" variant="destructive" disabled={decide.isPending} onClick={() => decide.mutate('remove')}>Remove the message</Button>
          <a className="inline-flex items-center text-sm underline" href={`/admin-dashboard/users?q=${encodeURIComponent(r.sender.id)}`}>Open the sender’s account (suspend)</a>
        </div>
      ) : (
        <p className="text-xs capitalize text-muted-foreground">{r.status}{r.resolved_at ? ` · ${new Date(r.resolved_at).toLocaleString()}` : ''}</p>
      )}
    </li>
  );
}
