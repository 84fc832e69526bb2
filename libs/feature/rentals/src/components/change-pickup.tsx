import { errorMessage } from '@sojourn/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage, Input } from '@sojourn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { renterApi, rentalKeys, type RentalBooking } from '../api';
import { zonedParts, zonedToIso } from '../format';

const schema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
  time: z.string().regex(/^\d{2}:\d{2}$/, 'Choose a time'),
});
type Values = z.infer<typeof schema>;

/**
 * The renter's "Change pick-up time" (PATCH /rentals/bookings/{id}/schedule): a new date and time at the pick-up
 * branch, in its zone when it has one; the drop-off moves with it, so the days and the price stay the same.
 */
export function ChangePickupDialog({ b }: { b: RentalBooking }) {
  const qc = useQueryClient();
  const zone = b.pickup_branch.time_zone;
  const initial = () => zonedParts(b.start, zone);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: initial() });
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const at = zonedToIso(v.date, v.time, zone);
    if (!at || new Date(at) <= new Date()) {
      form.setError('date', { message: 'Choose a time in the future' });
      return;
    }
    try {
      const next = await renterApi.schedule(b.id, at);
      qc.setQueryData(rentalKeys.mineOne(b.id), next);
      void qc.invalidateQueries({ queryKey: rentalKeys.mine });
      void qc.invalidateQueries({ queryKey: ['trips'] });
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
        if (o) form.reset(initial());
        setError(null);
      }}
    >
      <Button variant="outline" onClick={() => setOpen(true)}>
        Change pick-up time
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change pick-up time</DialogTitle>
          <DialogDescription>
            At {b.pickup_branch.name}
            {zone ? ` (times in ${zone.split('/').pop()!.replace(/_/g, ' ')})` : ''}. The drop-off moves by the same amount: {b.days} day{b.days === 1 ? '' : 's'}, same price.
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
