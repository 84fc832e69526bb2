import { EmptyState, ErrorState, LoadMore, PageHeader, Skeleton, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@sojourn/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { companyApi, rentalKeys } from '../../api';
import { when } from '../../format';

/** `/car-rentals/clients`: the company's renters, most recent first. */
export default function ClientsPage() {
  const q = useInfiniteQuery({
    queryKey: rentalKeys.clients,
    queryFn: ({ pageParam }) => companyApi.clients(pageParam, 20),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Clients" description="Everyone who has rented from you, the most recent first." />
      {q.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : q.isError ? (
        <ErrorState title="We could not load your clients" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Users className="size-6" />} title="No clients yet" description="Renters appear here after their first rental with you." />
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Renter</TableHead>
                  <TableHead className="text-right">Rentals</TableHead>
                  <TableHead>Last rental</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((c) => (
                  <TableRow key={c.person.id}>
                    <TableCell>
                      <span className="font-medium">{c.person.display_name || c.person.username}</span>
                      <span className="block text-xs text-muted-foreground">@{c.person.username}</span>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{c.rentals}</TableCell>
                    <TableCell>{when(c.last_rental_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['client', 'clients']} />
        </>
      )}
    </div>
  );
}
