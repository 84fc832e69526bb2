import { errorMessage } from '@sojourn/api-client';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormAlert, Input, Label, reasonProblem, Textarea, type ButtonProps } from '@sojourn/ui';
import { useState } from 'react';
import type { LineQuantity, OrderLine } from '../api';
import { lineTitle, money } from '../format';
import { selectedLines } from '../lines-selection';

/**
 * Pick quantities of an order's lines and write a reason: a return (shopper) or a refund (seller, admin). Lines with
 * nothing left to pick are left out.
 */
export function LinesDialog({
  triggerLabel,
  triggerVariant = 'outline',
  title,
  description,
  lines,
  maxFor,
  confirmLabel,
  reasonLabel = 'Reason',
  reasonHint,
  onConfirm,
  onDone,
}: {
  triggerLabel: string;
  triggerVariant?: ButtonProps['variant'];
  title: string;
  description: string;
  lines: OrderLine[];
  maxFor: (l: OrderLine) => number;
  confirmLabel: string;
  reasonLabel?: string;
  reasonHint?: string;
  onConfirm: (lines: LineQuantity[], reason: string) => Promise<unknown>;
  onDone?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pickable = lines.filter((l) => maxFor(l) > 0);
  const submit = async () => {
    const sel = selectedLines(pickable, typed, maxFor);
    const why = reasonProblem(reason, { min: 3, max: 500 });
    if (sel.problem || why) return setProblem(sel.problem ?? why);
    setProblem(null);
    setBusy(true);
    try {
      await onConfirm(sel.lines, reason.trim());
      setOpen(false);
      setTyped({});
      setReason('');
      onDone?.();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setProblem(null);
      }}
    >
      <Button variant={triggerVariant} onClick={() => setOpen(true)}>
        {triggerLabel}
      </Button>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormAlert>{problem}</FormAlert>
          <ul className="grid gap-3">
            {pickable.map((l) => {
              const id = `lq-${l.id}`;
              return (
                <li key={l.id} className="flex items-center justify-between gap-3">
                  <Label htmlFor={id} className="grid gap-0.5 font-normal">
                    <span className="font-medium">{lineTitle(l)}</span>
                    <span className="text-xs text-muted-foreground">
                      {money(l.unit_price)} each · up to {maxFor(l)}
                    </span>
                  </Label>
                  <Input
                    id={id}
                    inputMode="numeric"
                    className="w-20"
                    maxLength={2}
                    placeholder="0"
                    value={typed[l.id] ?? ''}
                    onChange={(e) => setTyped((t) => ({ ...t, [l.id]: e.target.value }))}
                  />
                </li>
              );
            })}
          </ul>
          <div className="grid gap-1.5">
            <Label htmlFor="lq-reason">{reasonLabel}</Label>
            <Textarea id="lq-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
            {reasonHint && <p className="text-xs text-muted-foreground">{reasonHint}</p>}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
