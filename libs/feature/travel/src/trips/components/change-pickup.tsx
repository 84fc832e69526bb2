import { errorMessage } from '@sojourn/api-client';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage, Input } from '@sojourn/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { TripItem } from '../api';
import { localDate, localTime, zoneLabel, zonedToUTC } from '../time';

const schema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
    time: z.string().regex(/^\d{2}:\d{2}$/, 'Choose a time'),
  })
  .refine((v) => Date.parse(`${v.date}T${v.time}:00Z`) > Date.now() - 14 * 3600_000, { message: 'Choose a time in the future', path: ['date'] });
type Values = z.infer<typeof schema>;

/**
 * "Change pick-up time" for a rental on the trip: the new date and time at the pick-up branch (in its zone); the
 * drop-off moves by the same amount, so the days and the price stay. A car rented to someone else then is the API's
 * 409, shown in the dialog.
 */
export function ChangePickupDialog({ item, onMove }: { item: TripItem; onMove: (startsAt: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { date: localDate(item.starts_local), time: localTime(item.starts_local) } });
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await onMove(zonedToUTC(v.date, v.time, item.start_zone));
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
        if (o) form.reset({ date: localDate(item.starts_local), time: localTime(item.starts_local) });
        setError(null);
      }}
    >
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Change pick-up time
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change pick-up time</DialogTitle>
          <DialogDescription>
            {item.title} at {item.start.name}. Times in {zoneLabel(item.start_zone, item.starts_at)}. The drop-off moves by the same amount: same days, same price.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
            <FormAlert>{error}</FormAlert>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="date"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Pick-up date</FormLabel>
                    <FormControl>
                      <Input type="date" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="time"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Pick-up time</FormLabel>
                    <FormControl>
                      <Input type="time" step={900} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Keep the time</Button>
              </DialogClose>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Move the pick-up
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
