import { errorMessage } from '@sojourn/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage, Input, Skeleton, ErrorState } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BedDouble, CarFront, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { tripKeys, tripsApi, type TripView } from '../api';
import { TRIP_PATHS, carsHref, staysHref } from '../paths';
import { citySpans } from '../spans';
import { addDays, localWhen } from '../time';
import { KIND_LABELS, KindIcon } from './bits';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const nameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the trip a name')
    .max(80, 'At most 80 characters')
    .refine((v) => !CONTROL.test(v), 'Remove the control characters'),
});

/** Renames the trip (PATCH /trips/{id}). */
export function RenameTrip({ trip }: { trip: TripView }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof nameSchema>>({ resolver: zodResolver(nameSchema), defaultValues: { name: trip.name } });
  const submit = form.handleSubmit(async ({ name }) => {
    setError(null);
    try {
      const v = await tripsApi.rename(trip.id, name);
      qc.setQueryData(tripKeys.one(trip.id), v);
      void qc.invalidateQueries({ queryKey: tripKeys.all });
      setOpen(false);
    } catch (e) {
      setError(errorMessage(e));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) form.reset({ name: trip.name });
      }}
    >
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Pencil aria-hidden /> Rename
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename the trip</DialogTitle>
          <DialogDescription>Only you see this name.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
            <FormAlert>{error}</FormAlert>
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name</FormLabel>
                  <FormControl>
                    <Input maxLength={80} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Save
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Deletes the trip after a confirmation; its bookings stay. */
export function DeleteTrip({ trip }: { trip: TripView }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const m = useMutation({
    mutationFn: () => tripsApi.remove(trip.id),
    onSuccess: () => {
      setOpen(false);
      void qc.invalidateQueries({ queryKey: tripKeys.all });
      void navigate(TRIP_PATHS.list);
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden /> Delete trip
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete “{trip.name}”?</DialogTitle>
          <DialogDescription>The trip goes; its bookings stay as they are.</DialogDescription>
        </DialogHeader>
        <FormAlert>{m.error ? errorMessage(m.error) : null}</FormAlert>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          <Button variant="destructive" loading={m.isPending} onClick={() => m.mutate()}>
            <Trash2 aria-hidden /> Delete the trip
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const SHOWN = 5;

/** "Add to trip": the user's upcoming bookings of every kind that are in no trip. */
export function AddToTrip({ trip }: { trip: TripView }) {
  const qc = useQueryClient();
  const [all, setAll] = useState(false);
  const q = useQuery({ queryKey: tripKeys.candidates, queryFn: tripsApi.candidates });
  const add = useMutation({
    mutationFn: (i: { kind: TripView['items'][number]['kind']; ref_id: string }) => tripsApi.addItem(trip.id, i.kind, i.ref_id),
    onSuccess: (v) => {
      qc.setQueryData(tripKeys.one(trip.id), v);
      void qc.invalidateQueries({ queryKey: tripKeys.all });
    },
  });
  if (q.isPending) return <Skeleton className="h-16 w-full" />;
  if (q.isError) return <ErrorState title="We could not load your bookings" error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) return <p className="text-sm text-muted-foreground">Every upcoming booking of yours is in a trip already.</p>;
  return (
    <div className="grid gap-2">
      <FormAlert>{add.error ? errorMessage(add.error) : null}</FormAlert>
      <ul className="grid gap-2">
        {(all ? q.data : q.data.slice(0, SHOWN)).map((i) => (
          <li key={`${i.kind}:${i.ref_id}`} className="flex flex-wrap items-center gap-3 rounded-md border p-2">
            <KindIcon kind={i.kind} />
            <span className="grid flex-1 gap-0.5 text-sm">
              <span className="font-medium">
                {KIND_LABELS[i.kind]}: {i.title}
              </span>
              <span className="text-muted-foreground">{localWhen(i.starts_local)}</span>
            </span>
            <Button size="sm" variant="outline" onClick={() => add.mutate(i)} loading={add.isPending && add.variables?.ref_id === i.ref_id} aria-label={`Add ${i.title} to the trip`}>
              <Plus aria-hidden /> Add
            </Button>
          </li>
        ))}
      </ul>
      {q.data.length > SHOWN && (
        <Button variant="ghost" size="sm" className="w-fit" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${q.data.length} bookings`}
        </Button>
      )}
    </div>
  );
}

/** "Book a stay / a car here": for each city of the trip, the searches pre-filled with its place and dates. */
export function BookHere({ trip }: { trip: TripView }) {
  const spans = citySpans(trip.items);
  if (spans.length === 0) return null;
  return (
    <section aria-labelledby="book-here-h" className="grid gap-2">
      <h2 id="book-here-h" className="text-lg font-semibold">
        Book more for this trip
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {spans.map(({ city, ...s }) => {
          const out = s.to > s.from ? s.to : addDays(s.from, 1);
          return (
            <li key={city} className="grid gap-2 rounded-lg border p-3">
              <span className="font-medium">{city}</span>
              <div className="flex flex-wrap gap-2">
                <Button asChild size="sm" variant="outline">
                  <Link to={staysHref({ city, checkIn: s.from, checkOut: out, trip: trip.id })}>
                    <BedDouble aria-hidden /> Book a stay here
                  </Link>
                </Button>
                <Button asChild size="sm" variant="outline">
                  <Link to={carsHref({ city, from: s.from, ft: s.time, to: out, tt: s.time })}>
                    <CarFront aria-hidden /> Book a car here
                  </Link>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
