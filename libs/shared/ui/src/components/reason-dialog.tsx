import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button, type ButtonProps } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { applyServerErrors, Form, FormAlert, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Textarea } from './input';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Checks a reason the way the API does: trimmed length within bounds and no control characters. */
export function reasonProblem(
  value: string,
  { min = 3, max = 500, noun = 'reason', tooShort }: { min?: number; max?: number; noun?: string; tooShort?: string | undefined } = {},
): string | null {
  const v = value.trim();
  if (v.length < min) return tooShort ?? (min <= 1 ? `Write a ${noun}.` : `Write a ${noun} of at least ${min} characters: the person concerned reads it.`);
  if (v.length > max) return `Keep the ${noun} within ${max} characters.`;
  if (CONTROL.test(v)) return `Remove the control characters from the ${noun}.`;
  return null;
}

export interface ReasonDialogProps {
  /** The button that opens the dialog. */
  triggerLabel: string;
  triggerVariant?: ButtonProps['variant'];
  triggerSize?: ButtonProps['size'];
  title: string;
  description: React.ReactNode;
  /** The text field's label ("Reason", "Note to the provider") and the help under it. */
  label?: string;
  hint?: React.ReactNode;
  /** The word the messages use for the text ("reason", "note"). */
  noun?: string;
  min?: number;
  max?: number;
  /** What to say when the text is too short (say who reads it and why it matters). */
  tooShort?: string;
  confirmLabel: string;
  destructive?: boolean;
  /** The API field the text goes to, when it is not `reason` (its 422 message is shown under the field). */
  serverField?: string;
  /** Sends the reason (trimmed); rejects with the API error. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** After a success (the dialog has closed). */
  onDone?: () => void;
}

/**
 * An action that needs a written reason the other person will read (reject, suspend, hide, cancel and refund): a
 * confirmation dialog with one bounded text field, checked here as the API checks it, with the server's own field
 * errors placed under it.
 */
export function ReasonDialog({
  triggerLabel,
  triggerVariant = 'outline',
  triggerSize,
  title,
  description,
  label = 'Reason',
  hint,
  noun = 'reason',
  min = 3,
  max = 500,
  tooShort,
  confirmLabel,
  destructive = true,
  serverField = 'reason',
  onConfirm,
  onDone,
}: ReasonDialogProps) {
  const [open, setOpen] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    setPending(true);
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      form.reset();
      onDone?.();
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, ['reason'], { [serverField]: 'reason' }));
    } finally {
      setPending(false);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFormError(null);
      }}
    >
      <Button variant={triggerVariant} size={triggerSize} onClick={() => setOpen(true)}>
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
            <FormField
              control={form.control}
              name="reason"
              rules={{ validate: (v) => reasonProblem(v, { min, max, noun, tooShort }) ?? true }}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{label}</FormLabel>
                  <FormControl>
                    <Textarea rows={4} maxLength={max} {...field} />
                  </FormControl>
                  {hint && <FormDescription>{hint}</FormDescription>}
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" variant={destructive ? 'destructive' : 'default'} loading={pending}>
                {confirmLabel}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
