import { errorMessage } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, DataTable, FormAlert, inputClass, Label, PageHeader } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dealersApi, dealersKeys, type CarLead } from '../api';
import { STATUS_LABEL, when } from '../format';

const PREF: Record<string, string> = { email: 'Email', phone: 'Phone call', whatsapp: 'WhatsApp' };

/** Buyers' enquiries (leads), newest first: mark them contacted, then closed. */
export default function DealerLeadsPage() {
  const qc = useQueryClient();
  const [status, setStatus] = useState('');
  const list = useInfiniteQuery({
    queryKey: dealersKeys.leads(status),
    queryFn: ({ pageParam }) => dealersApi.leads(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const move = useMutation({
    mutationFn: ({ id, to }: { id: string; to: 'contacted' | 'closed' }) => dealersApi.leadStatus(id, to),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dealersKeys.all }),
  });
  const rows = list.data?.pages.flatMap((p) => p.data);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Enquiries" description="Questions buyers sent about your cars, with how they want to be contacted." />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex max-w-xs flex-col gap-1.5">
            <Label htmlFor="lead-status">Show</Label>
            <select id="lead-status" className={cn(inputClass, 'appearance-auto')} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">Every enquiry</option>
              <option value="new">New</option>
              <option value="contacted">Contacted</option>
              <option value="closed">Closed</option>
            </select>
          </div>
          {move.error && <FormAlert>{errorMessage(move.error)}</FormAlert>}
          <DataTable<CarLead>
            caption="Enquiries"
            responsive="cards"
            rows={rows}
            rowKey={(l) => l.id}
            loading={list.isFetching && !list.isFetchingNextPage}
            error={!rows ? list.error : undefined}
            onRetry={() => void list.refetch()}
            empty={{ title: 'No enquiries here', description: 'Buyers’ questions about your cars arrive here.' }}
            columns={[
              {
                key: 'buyer',
                header: 'Buyer',
                cell: (l) => (
                  <span className="grid">
                    <span className="font-medium">{l.buyer ? l.buyer.display_name || l.buyer.username : '—'}</span>
                    <span className="text-xs text-muted-foreground">{when(l.created_at)}</span>
                  </span>
                ),
              },
              { key: 'car', header: 'Car', cell: (l) => l.car.title },
              { key: 'message', header: 'Message', cell: (l) => <span className="line-clamp-3 max-w-md whitespace-pre-line">{l.message}</span> },
              { key: 'contact', header: 'Contact', cell: (l) => `${PREF[l.contact_pref]}: ${l.contact_pref === 'email' ? (l.buyer?.email ?? '') : l.phone}` },
              { key: 'status', header: 'Status', cell: (l) => <Badge variant={l.status === 'new' ? 'default' : 'secondary'}>{STATUS_LABEL[l.status]}</Badge> },
              {
                key: 'actions',
                header: <span className="sr-only">Actions</span>,
                cell: (l) => (
                  <span className="flex gap-2">
                    {l.status === 'new' && (
                      <Button size="sm" variant="outline" onClick={() => move.mutate({ id: l.id, to: 'contacted' })}>
                        Mark contacted
                      </Button>
                    )}
                    {l.status !== 'closed' && (
                      <Button size="sm" variant="ghost" onClick={() => move.mutate({ id: l.id, to: 'closed' })}>
                        Close
                      </Button>
                    )}
                  </span>
                ),
              },
            ]}
            more={{ hasMore: Boolean(list.hasNextPage), loading: list.isFetchingNextPage, failed: Boolean(list.error && rows), onLoadMore: () => void list.fetchNextPage(), noun: ['enquiry', 'enquiries'] }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
