import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '@sojourn/api-client';
import {
  applyServerErrors,
  Button,
  Dialog,
  DialogClose,
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
  Textarea,
} from '@sojourn/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminPracticeApi, type AdminProviderDetail } from '../api/practice';
import { useRefresh } from './detail-parts';

const suspendSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why, in at least 3 characters: the provider reads it in their portal.')
    .max(500, 'Keep the reason within 500 characters.')
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), 'Remove the control characters from the reason.'),
});

function SuspendForm({ p, onDone }: { p: AdminProviderDetail; onDone: (next: AdminProviderDetail) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof suspendSchema>>({ resolver: zodResolver(suspendSchema), defaultValues: { reason: '' } });
  const suspend = useMutation({
    mutationFn: (reason: string) => adminPracticeApi.suspend(p.id, reason),
    onSuccess: onDone,
    onError: (e) => setFormError(applyServerErrors(e, form.setError, ['reason'])),
  });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(({ reason }) => suspend.mutate(reason.trim()))} noValidate className="grid gap-4">
        <FormAlert>{formError}</FormAlert>
        <FormField
          control={form.control}
          name="reason"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Reason</FormLabel>
              <FormControl>
                <Textarea rows={4} maxLength={500} {...field} />
              </FormControl>
              <FormDescription>Shown to the provider on their dashboard and profile until you reinstate them, and kept in the audit log.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="destructive" loading={suspend.isPending}>
            Suspend provider
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** Suspend (out of the directory, no new bookings; a reason is required) or reinstate, confirmed first. */
export function SuspendDialog({ p }: { p: AdminProviderDetail }) {
  const suspended = p.status === 'suspended';
  const [open, setOpen] = useState(false);
  const refresh = useRefresh(p.id);
  const done = (next: AdminProviderDetail) => {
    toast.success(suspended ? `${p.display_name} is reinstated.` : `${p.display_name} is suspended.`);
    setOpen(false);
    refresh(next);
  };
  const reinstate = useMutation({ mutationFn: () => adminPracticeApi.reinstate(p.id), onSuccess: done, onError: (e) => toast.error(errorMessage(e)) });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant={suspended ? 'secondary' : 'outline'} onClick={() => setOpen(true)}>
        {suspended ? 'Reinstate' : 'Suspend'}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{suspended ? `Reinstate ${p.display_name}?` : `Suspend ${p.display_name}?`}</DialogTitle>
          <DialogDescription>
            {suspended
              ? 'Their profile returns to the directory if it is published and complete, clients can book them again, and the suspension reason is cleared.'
              : 'Their profile leaves the directory and their public page at once, so nobody can book them. Their account, bookings already made and reviews are kept.'}{' '}
            The change is recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        {suspended ? (
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button loading={reinstate.isPending} onClick={() => reinstate.mutate()}>
              Reinstate provider
            </Button>
          </DialogFooter>
        ) : (
          open && <SuspendForm p={p} onDone={done} />
        )}
      </DialogContent>
    </Dialog>
  );
}
