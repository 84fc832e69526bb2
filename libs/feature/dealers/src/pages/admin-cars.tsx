import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { Badge, Button, DataTable, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormAlert, Input, inputClass, Label, Textarea } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CarFront } from 'lucide-react';
import { useState } from 'react';
import { dealersApi, dealersKeys, type AdminCarListing } from '../api';
import { carTitle, km, STATUS_LABEL } from '../format';

/** Admins' listings to moderate: every car, searchable by make, model or VIN; hide one from buyers with a reason, or show it again. */
export default function AdminCarsModeration() {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [hidden, setHidden] = useState('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<AdminCarListing | null>(null);
  const [reason, setReason] = useState('');
  const query = { q: q.trim(), hidden, page };
  const list = useQuery({ queryKey: dealersKeys.admin(query), queryFn: () => dealersApi.adminCars(query), placeholderData: keepPreviousData });
  const moderate = useMutation({
    mutationFn: ({ id, hide, why }: { id: string; hide: boolean; why: string }) => dealersApi.moderate(id, hide, why),
    onSuccess: () => {
      setTarget(null);
      setReason('');
      void qc.invalidateQueries({ queryKey: dealersKeys.all });
    },
  });
  return (
    <section aria-labelledby="car-moderation" className="grid gap-4">
      <h2 id="car-moderation" className="text-lg font-semibold">
        Listings to moderate
      </h2>
      <div className="flex flex-wrap gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="cars-q">Search</Label>
          <Input id="cars-q" type="search" placeholder="Make, model or VIN" maxLength={80} value={q} onChange={(e) => { setQ(e.target.value); setPage(1); }} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="cars-hidden">Visibility</Label>
          <select id="cars-hidden" className={cn(inputClass, 'appearance-auto')} value={hidden} onChange={(e) => { setHidden(e.target.value); setPage(1); }}>
            <option value="">All listings</option>
            <option value="true">Hidden</option>
            <option value="false">Shown to buyers</option>
          </select>
        </div>
      </div>
      {moderate.error && !target && <FormAlert>{errorMessage(moderate.error)}</FormAlert>}
      <DataTable<AdminCarListing>
        caption="Car listings"
        responsive="cards"
        rows={list.data?.data}
        rowKey={(l) => l.id}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={{ title: 'No listings match', description: 'Try another search.' }}
        columns={[
          {
            key: 'car',
            header: 'Car',
            cell: (l) => (
              <span className="flex min-w-56 items-center gap-3">
                {l.cover_url ? <img src={mediaUrl(l.cover_url) ?? ''} alt="" className="h-10 w-16 rounded object-cover" /> : <CarFront className="size-8 text-muted-foreground" aria-hidden />}
                <span className="grid">
                  <span className="font-medium">{carTitle(l)}</span>
                  <span className="font-mono text-xs text-muted-foreground">{l.vin}</span>
                </span>
              </span>
            ),
          },
          { key: 'dealer', header: 'Dealer', cell: (l) => l.dealer_name || '—' },
          { key: 'price', header: 'Price', cell: (l) => `${formatMoney(l.price, l.currency)} · ${km(l.mileage_km)}` },
          {
            key: 'status',
            header: 'Status',
            cell: (l) => (
              <span className="grid gap-1">
                <span className="flex gap-1">
                  <Badge variant="secondary">{STATUS_LABEL[l.status]}</Badge>
                  {l.hidden && <Badge variant="destructive">Hidden</Badge>}
                </span>
                {l.hidden && <span className="text-xs text-muted-foreground">{l.hidden_reason}</span>}
              </span>
            ),
          },
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            cell: (l) =>
              l.hidden ? (
                <Button size="sm" variant="outline" loading={moderate.isPending && moderate.variables?.id === l.id} onClick={() => moderate.mutate({ id: l.id, hide: false, why: '' })}>
                  Show again
                </Button>
              ) : (
                <Button size="sm" variant="outline" onClick={() => setTarget(l)}>
                  Hide
                </Button>
              ),
          },
        ]}
        page={page}
        perPage={20}
        total={list.data?.meta.total ?? 0}
        onPageChange={setPage}
      />
      <Dialog open={target !== null} onOpenChange={(o) => !o && setTarget(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Hide {target ? carTitle(target) : 'this car'}</DialogTitle>
            <DialogDescription>Buyers stop seeing it at once. The dealer sees your reason on their listing; a reservation already held stays with the dealer to settle.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="hide-reason">Reason</Label>
            <Textarea id="hide-reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          {moderate.error && <FormAlert>{errorMessage(moderate.error)}</FormAlert>}
          <DialogFooter>
            <Button variant="ghost" onClick={() => setTarget(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={!reason.trim()} loading={moderate.isPending} onClick={() => target && moderate.mutate({ id: target.id, hide: true, why: reason.trim() })}>
              Hide listing
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
