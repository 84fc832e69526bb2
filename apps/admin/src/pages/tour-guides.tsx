import { typedClient, unwrap, type components } from '@sojourn/api-client';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormAlert,
  Input,
  Label,
  Textarea,
  type Column,
} from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PractitionerList } from '../components/practitioner-list';

type AdminTour = components['schemas']['AdminTour'];
const api = () => typedClient(true);
const PER_PAGE = 10;
const toursKey = ['admin', 'tours'] as const;

const adminToursApi = {
  list: (q: string, page: number) => unwrap(api().GET('/api/v1/admin/tours', { params: { query: { q: q || undefined, page, per_page: PER_PAGE } } })),
  hide: (id: string, reason: string) => unwrap(api().POST('/api/v1/admin/tours/{id}/hide', { params: { path: { id } }, body: { reason } })).then((r) => r.data),
  unhide: (id: string) => unwrap(api().POST('/api/v1/admin/tours/{id}/unhide', { params: { path: { id } } })).then((r) => r.data),
};

function HideDialog({ tour, onClose }: { tour: AdminTour; onClose: () => void }) {
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: () => adminToursApi.hide(tour.id, reason.trim()),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: toursKey });
      onClose();
    },
    onError: (e) => setProblem(e instanceof Error ? e.message : 'The tour could not be hidden.'),
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Hide “{tour.title}”</DialogTitle>
          <DialogDescription>The tour leaves the search and its page; its guide sees your reason. Existing bookings stay as they are.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return setProblem('Give the guide a reason.');
            m.mutate();
          }}
        >
          {problem && <FormAlert>{problem}</FormAlert>}
          <Label htmlFor="hide-reason">Reason shown to the guide</Label>
          <Textarea id="hide-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={m.isPending}>
              {m.isPending ? 'Hiding…' : 'Hide tour'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function TourModeration() {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<AdminTour | null>(null);
  const list = useQuery({ queryKey: [...toursKey, q, page], queryFn: () => adminToursApi.list(q, page), placeholderData: keepPreviousData });
  const unhide = useMutation({ mutationFn: (id: string) => adminToursApi.unhide(id), onSuccess: () => qc.invalidateQueries({ queryKey: toursKey }) });
  const columns: Column<AdminTour>[] = [
    { key: 'title', header: 'Tour', cell: (t) => <span className="font-medium">{t.title}</span> },
    { key: 'city', header: 'City', cell: (t) => t.city },
    { key: 'price', header: 'Price', cell: (t) => `${formatMoney(t.price.amount, t.price.currency)} ${t.pricing === 'per_person' ? 'pp' : 'per group'}` },
    {
      key: 'state',
      header: 'State',
      cell: (t) =>
        t.hidden ? (
          <span className="grid gap-0.5">
            <Badge variant="destructive">Hidden</Badge>
            <span className="text-xs text-muted-foreground">{t.hidden_reason}</span>
          </span>
        ) : t.active ? (
          <Badge variant="success">Listed</Badge>
        ) : (
          <Badge variant="outline">Archived</Badge>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (t) =>
        t.hidden ? (
          <Button size="sm" variant="outline" onClick={() => unhide.mutate(t.id)} disabled={unhide.isPending}>
            Show again
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setHiding(t)}>
            Hide…
          </Button>
        ),
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Tours</CardTitle>
        <CardDescription>Hide a tour that breaks the rules (misleading photos, unsafe meeting points); the guide sees the reason and can fix it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid max-w-sm gap-1.5">
          <Label htmlFor="tour-q">Search title or city</Label>
          <Input
            id="tour-q"
            value={q}
            maxLength={100}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <DataTable
          caption="Tours"
          responsive="cards"
          rows={list.data?.data}
          loading={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          rowKey={(t) => t.id}
          page={page}
          perPage={PER_PAGE}
          total={list.data?.meta.total ?? 0}
          onPageChange={setPage}
          empty={{ title: 'No tours', description: 'Tours appear here as soon as guides create them.' }}
          columns={columns}
        />
      </CardContent>
      {hiding && <HideDialog tour={hiding} onClose={() => setHiding(null)} />}
    </Card>
  );
}

export default function TourGuidesPage() {
  return (
    <div className="grid gap-6">
      <PractitionerList
        kind="tour_guide"
        description="Tour guides publish once their guiding licence is verified. Check the licence documents in the queue, then look after the rest."
      />
      <div className="mx-auto grid w-full max-w-6xl">
        <TourModeration />
      </div>
    </div>
  );
}
