import { Card, EmptyState, ErrorState, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { orderKeys, vendorOrdersApi } from '../../api';
import { day, money } from '../../format';

/** `/vendor-app/clients`: the shoppers who bought from the store, most recent first. */
export default function VendorClientsPage() {
  const q = useInfiniteQuery({
    queryKey: orderKeys.clients,
    queryFn: ({ pageParam }) => vendorOrdersApi.clients(pageParam, 25),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Clients" description="Shoppers who bought from your store, the most recent first, with what they spent." />
      {q.isPending ? (
        <div className="grid gap-2" aria-busy>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : q.isError ? (
        <ErrorState title="We could not load your clients" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Users className="size-6" />} title="No clients yet" description="Shoppers appear here after their first paid order from your store." />
      ) : (
        <>
          <Card className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" tabIndex={0} role="region" aria-label="Your clients (scrolls sideways on a narrow screen)">
            <table className="w-full text-sm">
              <caption className="sr-only">Your clients</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="px-4 py-3 font-medium">
                    Client
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Orders
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Spent
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                    Last order
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} className="border-b last:border-0">
                    <th scope="row" className="px-4 py-3 text-left font-medium">
                      {c.name}
                      <span className="block text-xs font-normal text-muted-foreground sm:hidden">Last order {day(c.last_order_at)}</span>
                    </th>
                    <td className="px-4 py-3 text-right tabular-nums">{c.orders}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{money(c.spent)}</td>
                    <td className="hidden px-4 py-3 sm:table-cell">{day(c.last_order_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['client', 'clients']} />
        </>
      )}
    </div>
  );
}
