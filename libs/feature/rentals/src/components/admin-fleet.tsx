import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, Pagination, ReasonDialog, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, rentalKeys, type RentalCar } from '../api';
import { CarPhoto, categoryLabel } from './bits';

const PER = 10;
const TONE: Record<RentalCar['status'], 'success' | 'secondary' | 'destructive'> = { published: 'success', draft: 'secondary', hidden: 'destructive' };
const LABEL: Record<RentalCar['status'], string> = { published: 'Published', draft: 'Draft', hidden: 'Hidden' };

/** A car-rental company's fleet on the admin's provider page: hide a car from renters, or restore it, with a reason. */
export default function AdminFleetSection({ providerId }: { providerId: string }) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: rentalKeys.admin(providerId, page), queryFn: () => adminApi.cars(providerId, page, PER), placeholderData: keepPreviousData });
  const done = () => void qc.invalidateQueries({ queryKey: ['rentals', 'admin', providerId] });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Fleet</CardTitle>
        <CardDescription>A hidden car disappears from the search at once; the company sees your reason and cannot change the car until it is restored (as a draft).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {q.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : q.isError ? (
          <ErrorState title="Could not load the fleet" error={q.error} onRetry={() => void q.refetch()} />
        ) : q.data.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">This company has no cars yet.</p>
        ) : (
          <>
            <ul className="divide-y" aria-label="Cars">
              {q.data.data.map((c) => (
                <li key={c.id} className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-3 py-3 sm:grid-cols-[5rem_minmax(0,1fr)_auto] sm:items-center">
                  <CarPhoto car={c} />
                  <div className="grid min-w-0 gap-0.5 text-sm">
                    <p className="font-medium">
                      {c.make} {c.model} {c.year}
                    </p>
                    <p className="text-muted-foreground">
                      {categoryLabel(c.category)} · {c.city} · {formatMoney(c.day_rate.amount, c.day_rate.currency)} a day
                    </p>
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge variant={TONE[c.status]}>{LABEL[c.status]}</Badge>
                      {c.moderation_note && <span className="text-xs text-muted-foreground">“{c.moderation_note}”</span>}
                    </span>
                  </div>
                  <div className="col-span-2 sm:col-span-1">
                    {c.status === 'hidden' ? (
                      <ReasonDialog
                        triggerLabel="Restore"
                        triggerSize="sm"
                        title={`Restore the ${c.make} ${c.model}?`}
                        description="It goes back to the company as a draft; they publish it again."
                        label="Note to the company"
                        noun="note"
                        min={1}
                        destructive={false}
                        confirmLabel="Restore the car"
                        onConfirm={(reason) => adminApi.restore(c.id, reason)}
                        onDone={done}
                      />
                    ) : (
                      <ReasonDialog
                        triggerLabel="Hide"
                        triggerSize="sm"
                        title={`Hide the ${c.make} ${c.model}?`}
                        description="Renters stop seeing it at once. Rentals already booked are not affected."
                        hint="The company reads this, e.g. “The photos show another car”."
                        confirmLabel="Hide the car"
                        onConfirm={(reason) => adminApi.hide(c.id, reason)}
                        onDone={done}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <Pagination page={page} perPage={PER} total={q.data.meta.total} onPageChange={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
