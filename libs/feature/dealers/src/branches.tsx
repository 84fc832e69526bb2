import { applyServerErrors, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, ErrorState, FormAlert, Input, Label, Skeleton } from '@sojourn/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { dealersApi, dealersKeys, type DealerBranch } from './api';

/** The server's bounds (dealers.checkBranches): at most 5, name 80 and address 200 characters, one line. */
export const MAX_BRANCHES = 5;
// eslint-disable-next-line no-control-regex
const oneLine = (s: string) => !/[\u0000-\u001f\u007f-\u009f]/.test(s);
const schema = z.object({
  branches: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Name the branch').max(80, 'At most 80 characters').refine(oneLine, 'Keep it on one line'),
        address: z.string().trim().min(1, 'Where buyers find it').max(200, 'At most 200 characters').refine(oneLine, 'Keep it on one line'),
      }),
    )
    .max(MAX_BRANCHES, `At most ${MAX_BRANCHES} branches`),
});
type Values = z.infer<typeof schema>;

// The server names a branch's field branches[1].name; the form's is branches.1.name.
const FIELDS = ['branches', ...Array.from({ length: MAX_BRANCHES }, (_, i) => [`branches.${i}.name`, `branches.${i}.address`]).flat()];
const RENAME = Object.fromEntries(FIELDS.filter((f) => f !== 'branches').map((f) => [f.replace(/^branches\.(\d+)\./, 'branches[$1].'), f]));

/** The dealer dashboard's card of the dealership's branches besides its showroom, with a dialog to change them. */
export function BranchesCard() {
  const q = useQuery({ queryKey: dealersKeys.settings, queryFn: dealersApi.settings });
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const save = async (list: DealerBranch[]) => {
    const out = await dealersApi.saveSettings({ branches: list });
    qc.setQueryData(dealersKeys.settings, out);
    void qc.invalidateQueries({ queryKey: ['dealers', 'car'] });
  };
  const branches = q.data?.branches ?? [];
  return (
    <Card role="region" aria-labelledby="dealer-branches-title">
      <CardHeader>
        <CardTitle as="h2" id="dealer-branches-title">
          Branches
        </CardTitle>
        <CardDescription>Where else buyers can see your cars, besides your showroom. They are listed on every car’s page.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {q.isPending ? (
          <Skeleton className="h-16" />
        ) : q.error ? (
          <ErrorState title="Your branches could not be loaded" error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <>
            {branches.length === 0 ? (
              <p className="text-sm text-muted-foreground">No branches yet. Add one if buyers can also see your cars elsewhere.</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your branches">
                {branches.map((b, i) => (
                  <li key={i} className="flex gap-2 rounded-md border p-3">
                    <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <div className="min-w-0">
                      <p className="font-medium">{b.name}</p>
                      <p className="break-words text-sm text-muted-foreground">{b.address}</p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
              {branches.length === 0 ? 'Add branches' : 'Edit branches'}
            </Button>
          </>
        )}
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Your branches</DialogTitle>
            <DialogDescription>Up to {MAX_BRANCHES}, each with a name and an address. Your showroom is set in your profile.</DialogDescription>
          </DialogHeader>
          {open && q.data && <BranchesForm initial={q.data.branches} onSave={save} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** The branches' rows (add, remove, name and address), checked as the server does; its 422 lands beside the fields. */
export function BranchesForm({ initial, onSave, onDone }: { initial: DealerBranch[]; onSave: (branches: DealerBranch[]) => Promise<void>; onDone: () => void }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { branches: initial.map((b) => ({ ...b })) } });
  const rows = useFieldArray({ control: form.control, name: 'branches' });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await onSave(v.branches);
      onDone();
    } catch (e) {
      setError(applyServerErrors(e, form.setError, FIELDS, RENAME));
    }
  });
  const errs = form.formState.errors.branches;
  const listError = errs?.message ?? errs?.root?.message;
  return (
    <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Your branches">
      {rows.fields.length === 0 && <p className="text-sm text-muted-foreground">No branches. Saving an empty list removes them from your cars’ pages.</p>}
      {rows.fields.map((f, i) => {
        const e = errs?.[i];
        return (
          <fieldset key={f.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
            <legend className="sr-only">Branch {i + 1}</legend>
            <div className="grid gap-1.5">
              <Label htmlFor={`br-${i}-name`}>Branch {i + 1} name</Label>
              <Input id={`br-${i}-name`} maxLength={80} aria-invalid={Boolean(e?.name)} aria-describedby={e?.name ? `br-${i}-name-error` : undefined} {...form.register(`branches.${i}.name`)} />
              {e?.name && (
                <p id={`br-${i}-name-error`} className="text-sm text-destructive">
                  {e.name.message}
                </p>
              )}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`br-${i}-address`}>Address</Label>
              <Input id={`br-${i}-address`} maxLength={200} autoComplete="off" aria-invalid={Boolean(e?.address)} aria-describedby={e?.address ? `br-${i}-address-error` : undefined} {...form.register(`branches.${i}.address`)} />
              {e?.address && (
                <p id={`br-${i}-address-error`} className="text-sm text-destructive">
                  {e.address.message}
                </p>
              )}
            </div>
            <Button type="button" variant="ghost" size="sm" className="justify-self-end sm:mt-6" onClick={() => rows.remove(i)} aria-label={`Remove branch ${i + 1}`}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </fieldset>
        );
      })}
      {listError && <p className="text-sm text-destructive">{listError}</p>}
      {rows.fields.length < MAX_BRANCHES && (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => rows.append({ name: '', address: '' })}>
          <Plus className="size-4" aria-hidden /> Add a branch
        </Button>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save branches'}
        </Button>
      </DialogFooter>
    </form>
  );
}
