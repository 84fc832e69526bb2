import { errorMessage } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, EmptyState, ErrorState, PageHeader, Pagination, ReasonDialog, Skeleton, Stars } from '@sojourn/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { productHref } from '../../catalog/paths';
import { shopReviewKeys, shopReviewsApi, type AdminShopReview, type ReviewQueue } from '../api';
import { ReviewPhotos, reviewWhen } from '../product-reviews';

const PER_PAGE = 20;
const QUEUES: { value: ReviewQueue; label: string }[] = [
  { value: 'pending', label: 'To approve' },
  { value: 'reported', label: 'Reported' },
  { value: 'published', label: 'Published' },
  { value: 'rejected', label: 'Rejected' },
];

function Row({ r }: { r: AdminShopReview }) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['shop-reviews', 'admin'] });
  const approve = useMutation({
    mutationFn: () => shopReviewsApi.approve(r.id),
    onSuccess: () => {
      toast.success('Published: the review now counts in the product’s rating.');
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <li>
      <Card>
        <CardContent className="grid gap-2 pt-5 text-sm sm:pt-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={productHref(r.product_id)} className="font-semibold hover:underline">
              {r.title}
            </Link>
            <span className="text-xs text-muted-foreground">{reviewWhen(r.created_at)}</span>
          </div>
          <p className="flex items-center gap-2">
            <Stars rating={r.rating} /> <span>{r.author_name}</span>
          </p>
          {r.text ? <p className="whitespace-pre-wrap">{r.text}</p> : <p className="text-muted-foreground">No text, a rating only.</p>}
          <ReviewPhotos r={r} />
          {r.status === 'rejected' && r.reject_reason && <p className="text-muted-foreground">Rejected: {r.reject_reason}</p>}
          {r.reports.length > 0 && (
            <div className="grid gap-1 rounded-md bg-muted/60 p-3">
              <p className="text-xs font-medium text-muted-foreground">
                Reported {r.reports.length} time{r.reports.length === 1 ? '' : 's'}
              </p>
              <ul className="grid gap-1">
                {r.reports.map((rp, i) => (
                  <li key={i}>
                    <span className="font-medium">{rp.reporter_name}:</span> {rp.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            {r.status === 'pending' && (
              <Button size="sm" onClick={() => approve.mutate()} loading={approve.isPending} aria-label={`Approve ${r.author_name}'s review of ${r.title}`}>
                Approve
              </Button>
            )}
            {r.status !== 'rejected' && (
              <ReasonDialog
                triggerLabel={r.status === 'pending' ? 'Reject' : 'Take down'}
                triggerSize="sm"
                title={r.status === 'pending' ? 'Reject this review?' : 'Take this review down?'}
                description="The shopper sees your reason with their review; it will not show on the product."
                label="Reason"
                confirmLabel={r.status === 'pending' ? 'Reject' : 'Take down'}
                onConfirm={(reason) => shopReviewsApi.reject(r.id, reason)}
                onDone={refresh}
              />
            )}
            {r.status === 'published' && <Badge variant="success">Published</Badge>}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** The admins' moderation of product reviews: approve or reject new reviews, take down reported ones. */
export default function AdminShopReviewsPage() {
  const [params, setParams] = useSearchParams();
  const status = QUEUES.some((s) => s.value === params.get('status')) ? (params.get('status') as ReviewQueue) : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery({ queryKey: shopReviewKeys.queue(status, page), queryFn: () => shopReviewsApi.queue(status, page, PER_PAGE), placeholderData: keepPreviousData });
  const rows = q.data?.data ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Product reviews" description="Every product review waits here until you approve it. Published reviews count in the product's and the store's rating." />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Reviews to show">
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
        <ErrorState title="We could not load the reviews" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<MessageSquare className="size-6" />} title="Nothing here" description={status === 'pending' ? 'Every review has been moderated.' : 'No reviews in this list.'} />
      ) : (
        <>
          <ul className="grid gap-3" data-testid="admin-shop-reviews">
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
