import { EmptyState, ErrorState, PageHeader, Pagination, Skeleton } from '@sojourn/ui';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { adminPracticeApi, adminPracticeKeys, adminReviewsApi, providerDetailPath, type ReviewStatus } from '../api/practice';
import { FilterTabs } from '../components/filter-tabs';
import { ReportedReview } from '../components/review-moderation';

const PER_PAGE = 20;
const STATUSES: { value: ReviewStatus; label: string }[] = [
  { value: 'reported', label: 'Reported' },
  { value: 'removed', label: 'Removed' },
  { value: 'visible', label: 'Shown' },
];

/** The reported-review queue: each report hides a review until an admin restores or removes it. */
export default function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const status = STATUSES.some((s) => s.value === params.get('status')) ? (params.get('status') as ReviewStatus) : 'reported';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (next: Record<string, string>) => setParams({ status, page: String(page), ...next }, { replace: true });
  const query = useQuery({
    queryKey: adminPracticeKeys.reviews(status, page),
    queryFn: () => adminReviewsApi.queue({ status, page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  // The provider of each review on the page, by name, with the link to their page.
  const ids = [...new Set((query.data?.data ?? []).map((r) => r.provider_id))];
  const providers = useQueries({
    queries: ids.map((id) => ({ queryKey: adminPracticeKeys.detail(id), queryFn: () => adminPracticeApi.provider(id), staleTime: 60_000 })),
  });
  const rows = query.data?.data ?? [];
  const byId = new Map(providers.flatMap((p) => (p.data ? [[p.data.id, p.data] as const] : [])));

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="Reviews"
        description="A reported review is hidden from the provider's profile and left out of their rating until you decide. Restore it if it is fair, remove it if it breaks the rules."
      />
      <FilterTabs label="Reviews to show" value={status} options={STATUSES} onChange={(v) => set({ status: v, page: '1' })} />
      {query.isLoading ? (
        <div className="grid gap-3" aria-busy>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : query.error ? (
        <ErrorState title="Could not load the reviews" error={query.error} onRetry={() => void query.refetch()} />
      ) : !rows.length ? (
        status === 'reported' ? (
          <EmptyState title="No reported reviews" description="When someone reports a review it is hidden and waits here for you." />
        ) : (
          <EmptyState title={`No ${status === 'removed' ? 'removed' : 'shown'} reviews`} />
        )
      ) : (
        <>
          <ul className="grid gap-3" aria-label={`${STATUSES.find((s) => s.value === status)!.label} reviews`} aria-busy={query.isFetching || undefined}>
            {rows.map((r) => {
              const p = byId.get(r.provider_id);
              return (
                <li key={r.id}>
                  <ReportedReview
                    review={r}
                    providerLink={
                      <p className="text-sm">
                        About{' '}
                        <Link className="font-medium underline underline-offset-4" to={p ? providerDetailPath(p) : `/admin-dashboard/therapist/therapist-details?id=${encodeURIComponent(r.provider_id)}`}>
                          {p?.display_name ?? 'this provider'}
                        </Link>
                      </p>
                    }
                  />
                </li>
              );
            })}
          </ul>
          <Pagination page={page} perPage={PER_PAGE} total={query.data?.meta.total ?? 0} onPageChange={(n) => set({ page: String(n) })} />
        </>
      )}
    </div>
  );
}
