import { zodResolver } from '@hookform/resolvers/zod';
import {
  applyServerErrors,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
} from '@sojourn/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { vendorOrdersApi, type OrderDetail } from '../api';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The shipment as the API checks it (ShopShipInput). */
export const shipSchema = z.object({
  carrier: z
    .string()
    .trim()
    .min(2, 'Name the carrier, e.g. GIG Logistics.')
    .max(60, 'Keep the carrier within 60 characters.')
    .refine((v) => !CONTROL.test(v), 'Remove the control characters.'),
  tracking_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,60}$/, 'Letters, digits and dashes only, 3 to 60 characters.'),
});

/** Ship an order: the carrier and its tracking number, which the shopper sees at once. */
export function ShipDialog({ o, onDone }: { o: OrderDetail; onDone: (next: OrderDetail) => void }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<z.infer<typeof shipSchema>>({ resolver: zodResolver(shipSchema), defaultValues: { carrier: '', tracking_number: '' } });
  const submit = form.handleSubmit(async (v) => {
    setProblem(null);
    try {
      onDone(await vendorOrdersApi.ship(o.id, v.carrier, v.tracking_number));
      setOpen(false);
      form.reset();
    } catch (e) {
      setProblem(applyServerErrors(e, form.setError, ['carrier', 'tracking_number']));
    }
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>Ship the order</Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Ship order {o.number}</DialogTitle>
          <DialogDescription>The shopper gets the carrier and the tracking number right away.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
            <FormAlert>{problem}</FormAlert>
            <FormField
              control={form.control}
              name="carrier"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Carrier</FormLabel>
                  <FormControl>
                    <Input maxLength={60} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="tracking_number"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Tracking number</FormLabel>
                  <FormControl>
                    <Input maxLength={60} autoCapitalize="characters" {...field} />
                  </FormControl>
                  <FormDescription>As printed on the carrier&apos;s label.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Mark as shipped
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
