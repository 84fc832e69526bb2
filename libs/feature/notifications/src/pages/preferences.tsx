import { errorMessage } from '@sojourn/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, ErrorState, Input, Label, PageHeader, Skeleton, Switch } from '@sojourn/ui';
import type { PortalMeta } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { notificationKeys, notificationsApi, type Category, type NotificationChannel, type NotificationPreferences } from '../api';
import { CATEGORY_LABEL } from '../format';
import { notificationsPath } from '../paths';

const CATEGORIES: { id: Category; hint: string }[] = [
  { id: 'bookings', hint: 'Confirmations, changes, reminders and reviews of your sessions' },
  { id: 'orders', hint: 'New orders, shipping, delivery and refunds' },
  { id: 'payments', hint: 'Payouts, gift cards and wallet money' },
  { id: 'messages', hint: 'Messages you have not read' },
  { id: 'social', hint: 'Friend requests and your friends’ posts' },
  { id: 'marketing', hint: 'News and offers from Sojourn' },
];

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
}

function Editor({ initial }: { initial: NotificationPreferences }) {
  const qc = useQueryClient();
  const [cats, setCats] = useState<Record<string, NotificationChannel>>(initial.categories);
  const [quiet, setQuiet] = useState(initial.quiet_hours !== null);
  const [start, setStart] = useState(initial.quiet_hours?.start ?? '22:00');
  const [end, setEnd] = useState(initial.quiet_hours?.end ?? '07:00');
  const [zone, setZone] = useState(initial.time_zone === 'UTC' ? Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' : initial.time_zone);
  const allZones = useMemo(zones, []);
  const save = useMutation({
    mutationFn: () =>
      notificationsApi.savePreferences({ categories: cats, quiet_hours: quiet ? { start, end } : null, time_zone: zone }),
    onSuccess: (p) => {
      qc.setQueryData(notificationKeys.preferences, p);
      toast.success('Your notification preferences are saved.');
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const set = (c: string, k: keyof NotificationChannel, v: boolean) =>
    setCats((x) => ({ ...x, [c]: { in_app: x[c]?.in_app ?? true, email: x[c]?.email ?? false, [k]: v } }));
  return (
    <form
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>What we tell you, and how</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1 p-0 sm:p-0">
          <div className="hidden grid-cols-[1fr_5rem_5rem] gap-2 px-6 pb-2 text-xs font-medium text-muted-foreground sm:grid">
            <span>Category</span>
            <span className="text-center">In the app</span>
            <span className="text-center">Email</span>
          </div>
          {CATEGORIES.map(({ id, hint }) => (
            <fieldset key={id} className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 border-t px-4 py-3 sm:grid-cols-[1fr_5rem_5rem] sm:px-6">
              <legend className="sr-only">{CATEGORY_LABEL[id]}</legend>
              <div className="col-span-2 sm:col-span-1">
                <p className="text-sm font-medium" aria-hidden>
                  {CATEGORY_LABEL[id]}
                </p>
                <p className="text-xs text-muted-foreground">{hint}</p>
              </div>
              <div className="flex items-center gap-2 text-sm sm:justify-center">
                <Switch checked={cats[id]?.in_app ?? true} onCheckedChange={(v) => set(id, 'in_app', v)} aria-label={`${CATEGORY_LABEL[id]} in the app`} />
                <span aria-hidden className="sm:hidden">In the app</span>
              </div>
              <div className="flex items-center gap-2 text-sm sm:justify-center">
                <Switch checked={cats[id]?.email ?? false} onCheckedChange={(v) => set(id, 'email', v)} aria-label={`${CATEGORY_LABEL[id]} by email`} />
                <span aria-hidden className="sm:hidden">Email</span>
              </div>
            </fieldset>
          ))}
          <p className="border-t px-4 py-3 text-xs text-muted-foreground sm:px-6">Account and security news always reaches you in the app.</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Quiet hours</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-center gap-3 text-sm">
            <Switch checked={quiet} onCheckedChange={setQuiet} aria-label="Hold emails during quiet hours" />
            <span aria-hidden>Hold emails during quiet hours; they arrive when the quiet hours end.</span>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor="quiet-start">From</Label>
              <Input id="quiet-start" type="time" value={start} disabled={!quiet} onChange={(e) => setStart(e.target.value)} required={quiet} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="quiet-end">Until</Label>
              <Input id="quiet-end" type="time" value={end} disabled={!quiet} onChange={(e) => setEnd(e.target.value)} required={quiet} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="quiet-zone">Time zone</Label>
              <select
                id="quiet-zone"
                value={zone}
                onChange={(e) => setZone(e.target.value)}
                className="h-9 rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              >
                {(allZones.includes(zone) ? allZones : [zone, ...allZones]).map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </CardContent>
      </Card>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save preferences'}
        </Button>
      </div>
    </form>
  );
}

/** Per-category, per-channel preferences and quiet hours. */
export function NotificationPreferencesPage({ portal }: { portal: PortalMeta }) {
  const q = useQuery({ queryKey: notificationKeys.preferences, queryFn: notificationsApi.preferences });
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title="Notification preferences"
        description="Choose what reaches you in the app and by email."
        actions={
          <Button asChild variant="ghost" size="sm">
            <Link to={notificationsPath(portal.id)}>
              <ArrowLeft className="size-4" aria-hidden />
              Notifications
            </Link>
          </Button>
        }
      />
      {q.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Editor initial={q.data} />
      )}
    </div>
  );
}
