import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button, type ButtonProps } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { applyServerErrors, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Input } from './input';

export interface When {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
}

export interface WhenDialogProps {
  triggerLabel: string;
  triggerSize?: ButtonProps['size'];
  title: string;
  description: React.ReactNode;
  /** The fields' labels ("Pick-up date", "Pick-up time"). */
  dateLabel: string;
  timeLabel: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** The date and time the dialog opens with (read each time it opens). */
  initial: () => When;
  /** A problem with the chosen moment to show under the date (e.g. "Choose a time in the future"), or null. */
  check?: (w: When) => string | null;
  /** Sends the new moment; rejects with the API error, shown in the dialog. */
  onConfirm: (w: When) => Promise<unknown>;
  /** The API's field names that mean the date or the time (e.g. { starts_at: 'date' }), for its 422 messages. */
  rename?: Readonly<Record<string, 'date' | 'time'>>;
}

/** Moving something to another date and time (a pick-up, a session): a dialog with a date and a 15-minute time field. */
export function WhenDialog({ triggerLabel, triggerSize, title, description, dateLabel, timeLabel, confirmLabel, cancelLabel = 'Keep the time', initial, check, onConfirm, rename }: WhenDialogProps) {
  const [open, setOpen] = React.useState(false);
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<When>({ defaultValues: initial() });
  const submit = form.handleSubmit(async (w) => {
    setFormError(null);
    const problem = check?.(w);
    if (problem) {
      form.setError('date', { message: problem });
      return;
    }
    try {
      await onConfirm(w);
      setOpen(false);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, ['date', 'time'], rename));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) form.reset(initial());
        setFormError(null);
      }}
    >
      <Button size={triggerSize} variant="outline" onClick={() => setOpen(true)}>
        {triggerLabel}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
            <FormAlert>{formError}</FormAlert>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="date"
                rules={{ pattern: { value: /^\d{4}-\d{2}-\d{2}$/, message: 'Choose a date' }, required: 'Choose a date' }}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{dateLabel}</FormLabel>
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
                rules={{ pattern: { value: /^\d{2}:\d{2}$/, message: 'Choose a time' }, required: 'Choose a time' }}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{timeLabel}</FormLabel>
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
                <Button variant="outline">{cancelLabel}</Button>
              </DialogClose>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {confirmLabel}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
