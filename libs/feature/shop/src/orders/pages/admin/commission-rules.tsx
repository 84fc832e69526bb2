import { errorMessage } from '@sojourn/api-client';
import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  ErrorState,
  FormAlert,
  Input,
  Label,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  Switch,
  Textarea,
} from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Percent, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { adminOrdersApi, catalogReads, orderKeys, type CommissionRule } from '../../api';
import { flattenCategories, percentText, ruleBody, ruleDefaults, type RuleValues } from '../../commission';
import { money } from '../../format';
import { ADMIN_ORDER_PATHS } from '../../paths';

function useNames() {
  const cats = useQuery({ queryKey: orderKeys.categories, queryFn: catalogReads.categories, staleTime: 60_000 });
  const stores = useQuery({ queryKey: orderKeys.stores(''), queryFn: () => catalogReads.stores('', 1, 100), staleTime: 60_000 });
  const categories = useMemo(() => flattenCategories(cats.data ?? []), [cats.data]);
  const vendors = useMemo(() => (stores.data?.data ?? []).map((s) => ({ id: s.user_id, name: s.name })).sort((a, b) => a.name.localeCompare(b.name)), [stores.data]);
  return { categories, vendors, loading: cats.isPending || stores.isPending };
}

function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string | undefined; hint?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function RuleDialog({ rule, open, onOpenChange, names }: { rule: CommissionRule | null; open: boolean; onOpenChange: (o: boolean) => void; names: ReturnType<typeof useNames> }) {
  const qc = useQueryClient();
  const [v, setV] = useState<RuleValues>(() => ruleDefaults(rule));
  const [errors, setErrors] = useState<Partial<Record<keyof RuleValues, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof RuleValues>(k: K, val: RuleValues[K]) => setV((cur) => ({ ...cur, [k]: val }));
  const save = async () => {
    const { body, errors: errs } = ruleBody(v);
    setErrors(errs);
    if (!body) return;
    setBusy(true);
    setProblem(null);
    try {
      if (rule) {
        const { scope: _scope, ...patch } = body;
        await adminOrdersApi.saveRule(rule.id, patch);
      } else {
        await adminOrdersApi.addRule(body);
      }
      await qc.invalidateQueries({ queryKey: orderKeys.rules });
      onOpenChange(false);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const invalid = (k: keyof RuleValues) => (errors[k] ? { 'aria-invalid': true as const, 'aria-describedby': `cr-${k}-error` } : {});
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{rule ? 'Edit the commission rule' : 'Add a commission rule'}</DialogTitle>
          <DialogDescription>A rule for a vendor wins over one for a category; among matching rules the highest priority applies. Orders already paid out keep their commission.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <FormAlert>{problem}</FormAlert>
          <Field id="cr-scope" label="Applies to">
            <Select value={v.scope} onValueChange={(s) => set('scope', s as RuleValues['scope'])} disabled={Boolean(rule)}>
              <SelectTrigger id="cr-scope">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="category">A category</SelectItem>
                <SelectItem value="vendor">A vendor</SelectItem>
              </SelectContent>
            </Select>
          </Field>
          {v.scope === 'vendor' ? (
            <Field id="cr-vendor_id" label="Vendor" error={errors.vendor_id}>
              <Select value={v.vendor_id} onValueChange={(x) => set('vendor_id', x)}>
                <SelectTrigger id="cr-vendor_id" {...invalid('vendor_id')}>
                  <SelectValue placeholder={names.loading ? 'Loading the vendors…' : 'Choose a vendor'} />
                </SelectTrigger>
                <SelectContent>
                  {names.vendors.map((s) => (
                    <SelectItem key={s.id} value={s.id}>
                      {s.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          ) : (
            <Field id="cr-category_id" label="Category" error={errors.category_id}>
              <Select value={v.category_id} onValueChange={(x) => set('category_id', x)}>
                <SelectTrigger id="cr-category_id" {...invalid('category_id')}>
                  <SelectValue placeholder={names.loading ? 'Loading the categories…' : 'Choose a category'} />
                </SelectTrigger>
                <SelectContent>
                  {names.categories.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          )}
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="cr-percent" label="Percentage" error={errors.percent} hint="0 to 50">
              <Input id="cr-percent" inputMode="decimal" maxLength={5} value={v.percent} onChange={(e) => set('percent', e.target.value)} {...invalid('percent')} />
            </Field>
            <Field id="cr-fixed" label="Fixed per order (₦)" error={errors.fixed} hint="Optional">
              <Input id="cr-fixed" inputMode="decimal" maxLength={12} value={v.fixed} onChange={(e) => set('fixed', e.target.value)} {...invalid('fixed')} />
            </Field>
            <Field id="cr-priority" label="Priority" error={errors.priority} hint="Higher wins">
              <Input id="cr-priority" inputMode="numeric" maxLength={4} value={v.priority} onChange={(e) => set('priority', e.target.value)} {...invalid('priority')} />
            </Field>
          </div>
          <Field id="cr-note" label="Note (optional)" error={errors.note}>
            <Textarea id="cr-note" rows={2} maxLength={200} value={v.note} onChange={(e) => set('note', e.target.value)} {...invalid('note')} />
          </Field>
          <div className="flex items-center gap-2">
            <Switch id="cr-active" checked={v.active} onCheckedChange={(c) => set('active', c)} />
            <Label htmlFor="cr-active">Active</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {rule ? 'Save the rule' : 'Add the rule'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteRule({ rule, label }: { rule: CommissionRule; label: string }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const m = useMutation({
    mutationFn: () => adminOrdersApi.removeRule(rule.id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: orderKeys.rules });
      setOpen(false);
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" aria-label={`Delete the rule for ${label}`} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the rule for {label}?</DialogTitle>
          <DialogDescription>Orders paid out later use the next matching rule, or the platform&apos;s default fee. Commission already taken stays as it was.</DialogDescription>
        </DialogHeader>
        <FormAlert>{m.error ? errorMessage(m.error) : null}</FormAlert>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button variant="destructive" loading={m.isPending} onClick={() => m.mutate()}>
            Delete the rule
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** `/admin-dashboard/orders/commission-rules`: the commission rules by vendor or category (list, add, edit, delete). */
export default function CommissionRulesPage() {
  const q = useQuery({ queryKey: orderKeys.rules, queryFn: adminOrdersApi.rules });
  const names = useNames();
  const [editing, setEditing] = useState<CommissionRule | null>(null);
  const [open, setOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const openFor = (r: CommissionRule | null) => {
    setEditing(r);
    setDialogKey((k) => k + 1);
    setOpen(true);
  };
  const nameOf = (r: CommissionRule) =>
    r.scope === 'vendor' ? (names.vendors.find((s) => s.id === r.vendor_id)?.name ?? 'A vendor') : (names.categories.find((c) => c.id === r.category_id)?.name ?? 'A category');
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to={ADMIN_ORDER_PATHS.orders}>
          <ArrowLeft aria-hidden /> Shop orders
        </Link>
      </Button>
      <PageHeader
        title="Commission rules"
        description="What Sojourn keeps from each seller's order when its escrow is released: a percentage with an optional fixed part, by vendor or by category. Without a matching rule the platform's default fee applies."
        actions={
          <Button onClick={() => openFor(null)}>
            <Plus aria-hidden /> Add a rule
          </Button>
        }
      />
      {q.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : q.isError ? (
        <ErrorState title="We could not load the rules" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState icon={<Percent className="size-6" />} title="No rules yet" description="Every order pays the platform's default fee until a rule says otherwise." action={<Button onClick={() => openFor(null)}>Add a rule</Button>} />
      ) : (
        <Card className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" tabIndex={0} role="region" aria-label="Commission rules (scrolls sideways on a narrow screen)">
          <table className="w-full text-sm">
            <caption className="sr-only">Commission rules, highest priority first</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="px-4 py-3 font-medium">
                  Applies to
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Commission
                </th>
                <th scope="col" className="hidden px-4 py-3 text-right font-medium sm:table-cell">
                  Priority
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((r) => {
                const label = nameOf(r);
                return (
                  <tr key={r.id} className="border-b last:border-0">
                    <th scope="row" className="px-4 py-3 text-left font-normal">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{label}</span>
                        <Badge variant="outline">{r.scope === 'vendor' ? 'Vendor' : 'Category'}</Badge>
                        {!r.active && <Badge variant="secondary">Off</Badge>}
                      </span>
                      {r.note && <span className="block text-xs text-muted-foreground">{r.note}</span>}
                    </th>
                    <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                      {percentText(r.bps)}
                      {r.fixed.amount > 0 ? ` + ${money(r.fixed)}` : ''}
                    </td>
                    <td className="hidden px-4 py-3 text-right tabular-nums sm:table-cell">{r.priority}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-right">
                      <Button variant="ghost" size="sm" aria-label={`Edit the rule for ${label}`} onClick={() => openFor(r)}>
                        <Pencil aria-hidden />
                      </Button>
                      <DeleteRule rule={r} label={label} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      )}
      <RuleDialog key={dialogKey} rule={editing} open={open} onOpenChange={setOpen} names={names} />
    </div>
  );
}
