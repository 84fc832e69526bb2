import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '@sojourn/api-client';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  ErrorState,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  Textarea,
  applyServerErrors,
} from '@sojourn/ui';
import { formatMoney, parseMoney, payoutTarget, toMajorInput } from '@sojourn/util';
import { useAuthStore } from '@sojourn/session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Package as PackageIcon, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { practiceApi, practiceKeys, type Kind, type Package, type PracticeOffering } from '../api';
import { OfferingForm } from '../components/offering-form';
import { copyFor, type PracticeContext } from '../context';
import { FORMAT_LABELS, describeMinutes, policyInWords } from '../format';
import { packageSchema, type PackageValues } from '../schemas';

function OfferingCard({ o, onEdit, onArchive, onRestore }: { o: PracticeOffering; onEdit: () => void; onArchive: () => void; onRestore: () => void }) {
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4 text-sm" data-testid="offering">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 className="text-base font-semibold">{o.title}</h3>
          <p className="text-muted-foreground">
            {formatMoney(o.price.amount, o.price.currency)} · {o.duration_min} minutes · {FORMAT_LABELS[o.format]}
            {o.capacity > 1 ? ` · group of up to ${o.capacity}` : ' · one-to-one'}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {o.active ? <Badge variant="success">Bookable</Badge> : <Badge variant="secondary">Archived</Badge>}
          {o.requires_confirmation && <Badge variant="soft">You confirm each booking</Badge>}
        </div>
      </div>
      {o.description && <p className="line-clamp-3 whitespace-pre-wrap">{o.description}</p>}
      <ul className="grid gap-1 text-muted-foreground">
        <li>{policyInWords(o)}</li>
        <li>
          Booked at least {describeMinutes(o.min_notice_min)} ahead, up to {o.max_advance_days} days ahead
          {o.buffer_before_min || o.buffer_after_min ? `; ${o.buffer_before_min} min free before and ${o.buffer_after_min} min after` : ''}.
        </li>
        {o.intake_questions.length > 0 && <li>{o.intake_questions.length} intake question{o.intake_questions.length === 1 ? '' : 's'}: {o.intake_questions.map((q) => q.label).join(' · ')}</li>}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${o.title}`}>
          Edit
        </Button>
        {o.active ? (
          <Button size="sm" variant="outline" onClick={onArchive} aria-label={`Archive ${o.title}`}>
            Archive
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={onRestore} aria-label={`Make ${o.title} bookable again`}>
            Make bookable again
          </Button>
        )}
      </div>
    </li>
  );
}

function PackageForm({ offerings, pkg, onDone }: { offerings: PracticeOffering[]; pkg: Package | null; onDone: () => void }) {
  const qc = useQueryClient();
  const form = useForm<PackageValues>({
    resolver: zodResolver(packageSchema),
    defaultValues: {
      offering_id: pkg?.offering_id ?? offerings[0]?.id ?? '',
      title: pkg?.title ?? '',
      description: pkg?.description ?? '',
      sessions: String(pkg?.sessions ?? 4),
      valid_days: String(pkg?.valid_days ?? 90),
      price: pkg ? toMajorInput(pkg.price, pkg.currency) : '',
      active: pkg?.active ?? true,
    },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const w = useWatch({ control: form.control });
  const offering = offerings.find((o) => o.id === w.offering_id);
  const currency = pkg?.currency ?? offering?.price.currency ?? 'NGN';
  const minor = parseMoney(w.price ?? '', currency);
  const sessions = Number(w.sessions);
  const regular = offering && sessions > 0 ? offering.price.amount * sessions : null;
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    const price = parseMoney(v.price, currency);
    if (price === null || price < 1) {
      form.setError('price', { message: 'Enter a price, e.g. 50000.' });
      return;
    }
    try {
      const body = { title: v.title, description: v.description.trim(), sessions: Number(v.sessions), valid_days: Number(v.valid_days), price, active: v.active };
      if (pkg) await practiceApi.updatePackage(pkg.id, body);
      else await practiceApi.createPackage({ ...body, offering_id: v.offering_id });
      toast.success(pkg ? 'Package saved.' : 'Package created. Clients can buy it from your profile.');
      await qc.invalidateQueries({ queryKey: practiceKeys.packages });
      onDone();
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, ['offering_id', 'title', 'description', 'sessions', 'valid_days', 'price', 'active']));
    }
  });
  return (
    <Form {...form}>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <FormField
          control={form.control}
          name="offering_id"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Offering</FormLabel>
              <Select value={field.value} onValueChange={field.onChange} disabled={Boolean(pkg)}>
                <FormControl>
                  <SelectTrigger>
                    <SelectValue placeholder="Choose an offering" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {offerings.map((o) => (
                    <SelectItem key={o.id} value={o.id}>
                      {o.title} ({formatMoney(o.price.amount, o.price.currency)})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {pkg && <FormDescription>A package stays tied to its offering.</FormDescription>}
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Package name</FormLabel>
              <FormControl>
                <Input maxLength={120} placeholder="Four sessions" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Textarea rows={3} maxLength={1000} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          {(['sessions', 'valid_days'] as const).map((name) => (
            <FormField
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{name === 'sessions' ? 'Sessions (2–50)' : 'Valid for (days, 7–365)'}</FormLabel>
                  <FormControl>
                    <Input inputMode="numeric" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ))}
          <FormField
            control={form.control}
            name="price"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Price ({currency})</FormLabel>
                <FormControl>
                  <Input inputMode="decimal" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        {regular !== null && (
          <p className="rounded-md bg-muted/60 p-3 text-sm" aria-live="polite">
            One by one, {sessions} sessions cost {formatMoney(regular, currency)}.
            {minor !== null && minor > 0 && minor <= regular ? ` Clients save ${Math.round(((regular - minor) / regular) * 100)}%.` : minor !== null && minor > regular ? ' A package cannot cost more than that.' : ''}
          </p>
        )}
        <FormField
          control={form.control}
          name="active"
          render={({ field }) => (
            <FormItem className="flex flex-row items-center gap-3 space-y-0">
              <FormControl>
                <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
              </FormControl>
              <FormLabel>On sale</FormLabel>
            </FormItem>
          )}
        />
        {formError && <FormAlert>{formError}</FormAlert>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {pkg ? 'Save package' : 'Create package'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function Packages({ kind, offerings }: { kind: Kind; offerings: PracticeOffering[] }) {
  const packages = useQuery({ queryKey: practiceKeys.packagesOf(kind), queryFn: () => practiceApi.packages(kind) });
  const [editing, setEditing] = useState<Package | 'new' | null>(null);
  const active = offerings.filter((o) => o.active);
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle>Packages</CardTitle>
          <CardDescription>Sell several sessions of one offering at once, at a discount. Each booking uses one credit; unused credits are refunded pro rata on request.</CardDescription>
        </div>
        <Button variant="outline" disabled={active.length === 0} onClick={() => setEditing('new')}>
          <PackageIcon className="size-4" aria-hidden /> New package
        </Button>
      </CardHeader>
      <CardContent>
        {packages.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : packages.error ? (
          <ErrorState title="Could not load your packages" error={packages.error} onRetry={() => void packages.refetch()} />
        ) : packages.data.length === 0 ? (
          <EmptyState title="No packages yet" description={active.length === 0 ? 'Create a bookable offering first.' : 'For example: 4 sessions, valid 90 days, 10% off.'} />
        ) : (
          <ul className="grid gap-3">
            {packages.data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4 text-sm">
                <div className="grid gap-1">
                  <p className="font-semibold">
                    {p.title} {p.active ? <Badge variant="success">On sale</Badge> : <Badge variant="secondary">Not on sale</Badge>}
                  </p>
                  <p className="text-muted-foreground">
                    {p.sessions} × {p.offering_title}, valid {p.valid_days} days · {formatMoney(p.price, p.currency)}
                    {p.savings_pct > 0 && ` (saves ${p.savings_pct}% on ${formatMoney(p.regular_price, p.currency)})`}
                  </p>
                </div>
                <Button size="sm" variant="outline" onClick={() => setEditing(p)} aria-label={`Edit package ${p.title}`}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(v) => !v && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'New package' : 'Edit package'}</DialogTitle>
            <DialogDescription>Changes apply to future purchases; clients who already bought keep their terms.</DialogDescription>
          </DialogHeader>
          {editing !== null && <PackageForm offerings={editing === 'new' ? active : offerings} pkg={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** The provider's offerings: list, create, edit, archive (never deleted), and the packages built on them. */
export default function OfferingsPage({ ctx }: { ctx: PracticeContext }) {
  const copy = copyFor(ctx.kind);
  const qc = useQueryClient();
  const offerings = useQuery({ queryKey: practiceKeys.offerings(ctx.kind), queryFn: () => practiceApi.offerings(ctx.kind) });
  const country = useAuthStore((s) => s.user?.profile?.country);
  const currency = payoutTarget(country).currency;
  const [editing, setEditing] = useState<PracticeOffering | 'new' | null>(null);
  const [archiving, setArchiving] = useState<PracticeOffering | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: practiceKeys.offerings(ctx.kind) });
    void qc.invalidateQueries({ queryKey: practiceKeys.profile(ctx.kind) });
    void qc.invalidateQueries({ queryKey: practiceKeys.packages });
  };
  const archive = useMutation({
    mutationFn: (o: PracticeOffering) => practiceApi.archiveOffering(o.id),
    onSuccess: (o) => {
      toast.success(`“${o.title}” is archived. Booked sessions still happen.`);
      setArchiving(null);
      refresh();
    },
  });
  const restore = useMutation({
    mutationFn: (o: PracticeOffering) => practiceApi.updateOffering(o.id, { active: true }),
    onSuccess: (o) => {
      toast.success(`“${o.title}” is bookable again.`);
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const list = offerings.data ?? [];
  const sorted = [...list].sort((a, b) => Number(b.active) - Number(a.active));
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title="Offerings"
        description={`The sessions clients can book with you as a ${copy.role}: length, price, format, policy and the questions you ask first.`}
        actions={
          editing === null && (
            <Button onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden /> New offering
            </Button>
          )
        }
      />
      {editing !== null && (
        <Card>
          <CardHeader>
            <CardTitle>{editing === 'new' ? 'New offering' : `Edit “${editing.title}”`}</CardTitle>
            {editing !== 'new' && <CardDescription>Changes apply to new bookings; booked sessions keep their price and policy.</CardDescription>}
          </CardHeader>
          <CardContent>
            <OfferingForm
              key={editing === 'new' ? 'new' : editing.id}
              offering={editing === 'new' ? null : editing}
              currency={currency}
              onCancel={() => setEditing(null)}
              onSave={async (body) => {
                const saved = editing === 'new' ? await practiceApi.createOffering(ctx.kind, body) : await practiceApi.updateOffering(editing.id, body);
                toast.success(editing === 'new' ? `“${saved.title}” created.` : `“${saved.title}” saved.`);
                setEditing(null);
                refresh();
              }}
            />
          </CardContent>
        </Card>
      )}
      {offerings.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : offerings.error ? (
        <ErrorState title="Could not load your offerings" error={offerings.error} onRetry={() => void offerings.refetch()} />
      ) : list.length === 0 ? (
        editing === null && <EmptyState title="No offerings yet" description="Create your first offering so clients have something to book." action={<Button onClick={() => setEditing('new')}>Create an offering</Button>} />
      ) : (
        <ul className="grid gap-3" aria-label="Your offerings">
          {sorted.map((o) => (
            <OfferingCard key={o.id} o={o} onEdit={() => setEditing(o)} onArchive={() => setArchiving(o)} onRestore={() => restore.mutate(o)} />
          ))}
        </ul>
      )}
      {offerings.data && <Packages kind={ctx.kind} offerings={list} />}
      <Dialog open={archiving !== null} onOpenChange={(v) => !v && setArchiving(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Archive “{archiving?.title}”?</DialogTitle>
            <DialogDescription>Clients can no longer book it. Sessions already booked go ahead, and you can make it bookable again later.</DialogDescription>
          </DialogHeader>
          {archive.error && <FormAlert>{errorMessage(archive.error)}</FormAlert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => setArchiving(null)}>
              Keep it
            </Button>
            <Button variant="destructive" loading={archive.isPending} onClick={() => archiving && archive.mutate(archiving)}>
              Archive
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
