import { Card, CardContent, CardDescription, CardHeader, CardTitle, DataTable, PageHeader } from '@sojourn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { KIND_PLURAL, adminPracticeApi, adminPracticeKeys, type ProviderKind } from '../api/practice';
import { ProviderTable, providerColumns } from './provider-table';

const QUEUE_PER_PAGE = 10;

/** Licences waiting for a decision, oldest questions first on the page an admin opens. */
function VerificationQueue({ kind }: { kind: ProviderKind }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: adminPracticeKeys.list({ kind, verification: 'pending', page, per: QUEUE_PER_PAGE }),
    queryFn: () => adminPracticeApi.providers({ kind, verification: 'pending', page, per_page: QUEUE_PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.meta.total;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Licences waiting{total ? ` (${total})` : ''}</CardTitle>
        <CardDescription>
          Check each licence number with the issuing body's public register, then verify or reject it on the provider's page. A verified licence shows
          as a badge on their public profile.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          caption={`${KIND_PLURAL[kind]} with a licence waiting`}
          responsive="cards"
          rows={query.data?.data}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          rowKey={(p) => p.id}
          page={page}
          perPage={QUEUE_PER_PAGE}
          total={total ?? 0}
          onPageChange={setPage}
          empty={{ title: 'No licences waiting', description: 'New licences appear here as soon as a provider saves one.' }}
          columns={providerColumns({ showKind: false })}
        />
      </CardContent>
    </Card>
  );
}

/** A kind's page: its verification queue first, then every profile of that kind. */
export function PractitionerList({ kind, description }: { kind: ProviderKind; description: string }) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title={KIND_PLURAL[kind]} description={description} />
      <VerificationQueue kind={kind} />
      <section aria-labelledby={`all-${kind}`} className="grid gap-4">
        <h2 id={`all-${kind}`} className="text-lg font-semibold">
          All {KIND_PLURAL[kind].toLowerCase()}
        </h2>
        <ProviderTable kind={kind} caption={`All ${KIND_PLURAL[kind].toLowerCase()}`} />
      </section>
    </div>
  );
}
