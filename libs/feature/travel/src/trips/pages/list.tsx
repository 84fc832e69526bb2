import { errorMessage } from '@sojourn/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, EmptyState, ErrorState, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage, Input, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { tripKeys, tripsApi } from '../api';
import { nameSchema } from '../components/trip-actions';
import { tripDates } from '../components/upcoming-trips-card';
import { TRIP_PATHS, tripHref } from '../paths';

function NewTrip() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof nameSchema>>({ resolver: zodResolver(nameSchema), defaultValues: { name: '' } });
  const submit = form.handleSubmit(async ({ name }) => {
    setError(null);
    try {
      const t = await tripsApi.create(name);
      void qc.invalidateQueries({ queryKey: tripKeys.all });
      void navigate(tripHref(t.id));
    } catch (e) {
      setError(errorMessage(e));
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-2 rounded-xl border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Start a trip</FormLabel>
              <FormControl>
                <Input placeholder="e.g. Accra for Christmas" maxLength={80} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" loading={form.formState.isSubmitting}>
          <Plus aria-hidden /> Create trip
        </Button>
        <div className="sm:col-span-2">
          <FormAlert>{error}</FormAlert>
        </div>
      </form>
    </Form>
  );
}

export default function TripsPage() {
  const q = useInfiniteQuery({
    queryKey: tripKeys.list,
    queryFn: ({ pageParam }) => tripsApi.list(pageParam, 10),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="Your trips"
        description="Each trip ties a journey's flights, stays, cars, tours and sessions together. New bookings join the trip they fall in."
        actions={
          <Button asChild variant="outline">
            <Link to={TRIP_PATHS.hub}>Plan travel</Link>
          </Button>
        }
      />
      <NewTrip />
      {q.isPending ? (
        <Skeleton className="h-40 w-full rounded-xl" />
      ) : q.isError && rows.length === 0 ? (
        <ErrorState title="We could not load your trips" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No trips yet" description="Book a stay, a flight, a car or a tour, or start a trip above and add bookings to it." />
      ) : (
        <>
          <ul className="grid gap-3">
            {rows.map((t) => (
              <li key={t.id}>
                <Link to={tripHref(t.id)} className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-4 hover:bg-muted">
                  <span className="grid flex-1 gap-0.5">
                    <span className="font-semibold">{t.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {tripDates(t)}
                      {t.cities.length ? ` · ${t.cities.join(', ')}` : ''} · {t.item_count} booking{t.item_count === 1 ? '' : 's'}
                    </span>
                  </span>
                  {t.conflict_count > 0 && (
                    <span className="flex items-center gap-1 text-sm font-medium text-destructive">
                      <AlertTriangle className="size-4" aria-hidden /> {t.conflict_count} to check
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['trip', 'trips']} />
        </>
      )}
    </div>
  );
}
