import { errorMessage } from '@sojourn/api-client';
import { Badge, Button, EmptyState, ErrorState, PageHeader, Pagination, Skeleton } from '@sojourn/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { personName, socialApi, socialKeys, when, type ReportStatus, type SocialReport } from '../api';

const PER_PAGE = 20;
const QUEUES: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'To decide' },
  { value: 'removed', label: 'Removed' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'all', label: 'All' },
];

function Row({ r }: { r: SocialReport }) {
  const qc = useQueryClient();
  const decide = useMutation({
    mutationFn: (d: 'dismiss' | 'remove') => (d === 'dismiss' ? socialApi.dismiss(r.id) : socialApi.remove(r.id)),
    onSuccess: (_x, d) => {
      toast.success(d === 'dismiss' ? 'Report dismissed: the post stays.' : 'Post removed: nobody sees it any more.');
      void qc.invalidateQueries({ queryKey: ['social', 'reports'] });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const p = r.post;
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-medium">{personName(r.reporter)}</span> reported {when(r.created_at)}:
        </p>
        <Badge variant={r.status === 'open' ? 'warning' : r.status === 'removed' ? 'destructive' : 'secondary'}>{r.status}</Badge>
      </div>
      <p className="rounded-md bg-muted/60 p-3">“{r.reason}”</p>
      <figure className="grid gap-2 border-l-4 pl-3">
        <figcaption className="text-muted-foreground">
          Post by <span className="font-medium text-foreground">{personName(p.author)}</span> (@{p.author.username}), {when(p.created_at)}, for {p.audience.replace('_', ' ')}
        </figcaption>
        <p className="whitespace-pre-wrap break-words">{p.body}</p>
        {p.photos.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {p.photos.map((ph, i) => (
              <a key={ph.url} href={ph.url} target="_blank" rel="noreferrer">
                <img src={ph.thumb_url} alt={`Reported post, ${i + 1} of ${p.photos.length}`} className="size-20 rounded-md object-cover" loading="lazy" />
              </a>
            ))}
          </div>
        )}
      </figure>
      {r.status === 'open' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="destructive" loading={decide.isPending && decide.variables === 'remove'} onClick={() => decide.mutate('remove')} aria-label={`Remove the post by ${personName(p.author)}`}>
            Remove post
          </Button>
          <Button size="sm" variant="outline" loading={decide.isPending && decide.variables === 'dismiss'} onClick={() => decide.mutate('dismiss')} aria-label={`Dismiss the report by ${personName(r.reporter)}`}>
            Dismiss
          </Button>
        </div>
      )}
    </li>
  );
}

/** /admin-dashboard/social-reports: reported feed posts; remove the post or dismiss the report. */
export default function AdminSocialReportsPage() {
  const [params, setParams] = useSearchParams();
  const status = QUEUES.some((s) => s.value === params.get('status')) ? (params.get('status') as ReportStatus) : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery({ queryKey: socialKeys.reports(status, page), queryFn: () => socialApi.reports(status, page, PER_PAGE), placeholderData: keepPreviousData });
  const rows = q.data?.data ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Reported posts" description="Posts people reported in the feed. Removing a post hides it from everyone and closes every report of it." />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Reports to show">
        {QUEUES.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={status === o.value}
            onClick={() => setParams({ status: o.value, page: '1' }, { replace: true })}
            className="rounded-full border px-3 py-1.5 text-sm font-medium aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {o.label}
          </button>
        ))}
      </div>
      {q.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : q.isError && !q.data ? (
        <ErrorState title="We could not load the reports" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Flag className="size-6" />} title="Nothing here" description={status === 'open' ? 'Every report has been decided.' : 'No reports in this list.'} />
      ) : (
        <>
          <ul className="grid gap-3" data-testid="social-reports">
            {rows.map((r) => (
              <Row key={r.id} r={r} />
            ))}
          </ul>
          <Pagination page={page} perPage={PER_PAGE} total={q.data?.meta.total ?? 0} onPageChange={(p) => setParams({ status, page: String(p) }, { replace: true })} />
        </>
      )}
    </div>
  );
}
