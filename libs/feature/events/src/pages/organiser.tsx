import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { Badge, Button, CursorList, ErrorState, FormAlert, Input, Label, Skeleton, cursorQuery } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, Camera, CheckCircle2, Download, QrCode, Users, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { eventsKeys, organiserApi, type EventCategory, type TkCheckIn, type TkEvent } from '../api';
import { CATEGORIES, categoryLabel, codeFromScan, scanVerdict, whenLabel } from '../logic';
import { useOrganiser } from '../organiser-context';

/** The organiser's events: list, with links to each event's attendees and check-in. */
export function OrganiserEventsPage() {
  const { base, prefix } = useOrganiser();
  const api = organiserApi(base);
  const q = useInfiniteQuery({ ...cursorQuery(eventsKeys.org(base), (c) => api.events(c)) });
  return (
    <div className="grid gap-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Events</h1>
          <p className="text-muted-foreground">Your events, their tickets, attendees and check-in.</p>
        </div>
        <Button asChild>
          <Link to={`${prefix}/new`}>
            <CalendarPlus className="size-4" aria-hidden /> New event
          </Link>
        </Button>
      </header>
      <CursorList
        query={q}
        rowKey={(e) => e.id}
        noun={['event', 'events']}
        empty={{ icon: <CalendarPlus className="size-6" />, title: 'No events yet', description: 'Create an event with ticket types and quotas; buyers pay into escrow, released to you after the event.' }}
      >
        {(e) => <OrgEventRow e={e} prefix={prefix} />}
      </CursorList>
    </div>
  );
}

function sold(e: TkEvent) {
  const qs = e.quotas ?? [];
  return { sold: qs.reduce((n, q) => n + q.sold, 0), size: qs.reduce((n, q) => n + q.size, 0) };
}

function OrgEventRow({ e, prefix }: { e: TkEvent; prefix: string }) {
  const s = sold(e);
  return (
    <article className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4" data-testid="org-event">
      <div className="grid gap-0.5">
        <div className="flex flex-wrap items-center gap-1.5">
          <Link to={`${prefix}/${e.id}`} className="font-semibold underline-offset-4 hover:underline">
            {e.title}
          </Link>
          <Badge variant={e.status === 'cancelled' ? 'destructive' : 'secondary'}>{e.status.replace('_', ' ')}</Badge>
        </div>
        <span className="text-sm text-muted-foreground">{whenLabel(e.starts_at, e.ends_at, e.time_zone)}</span>
      </div>
      <div className="flex items-center gap-3 text-sm">
        <span>
          {s.sold} / {s.size} sold
        </span>
        <Button asChild size="sm" variant="outline">
          <Link to={`${prefix}/${e.id}/check-in`}>
            <QrCode className="size-4" aria-hidden /> Check-in
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** One event for its organiser: quotas and types, attendees (CSV export), cancellation. */
export function OrganiserEventPage() {
  const { id = '' } = useParams();
  const { base, prefix } = useOrganiser();
  const api = organiserApi(base);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: eventsKeys.orgEvent(base, id), queryFn: () => api.event(id) });
  const att = useInfiniteQuery({ ...cursorQuery(eventsKeys.attendees(base, id), (c) => api.attendees(id, c)) });
  const [reason, setReason] = useState('');
  const key = useRef(newIdempotencyKey());
  const cancel = useMutation({ mutationFn: () => api.cancel(id, key.current, reason.trim()), onSuccess: () => void qc.invalidateQueries({ queryKey: eventsKeys.all }) });
  if (q.isPending) return <Skeleton className="m-6 h-96" aria-label="Loading the event" />;
  if (q.isError) return <ErrorState title="This event could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  const e = q.data;
  return (
    <div className="grid gap-6 p-4 sm:p-6">
      <Link to={prefix} className="text-sm underline-offset-4 hover:underline">
        ← All events
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{e.title}</h1>
          <p className="text-muted-foreground">{whenLabel(e.starts_at, e.ends_at, e.time_zone)} · {e.online ? 'Online' : [e.venue, e.city].filter(Boolean).join(', ')}</p>
        </div>
        <div className="flex gap-2">
          <Button asChild>
            <Link to={`${prefix}/${e.id}/check-in`}>
              <QrCode className="size-4" aria-hidden /> Check-in
            </Link>
          </Button>
          <Button asChild variant="outline">
            <a href={api.csvPath(e.id)} download>
              <Download className="size-4" aria-hidden /> Attendees CSV
            </a>
          </Button>
        </div>
      </header>
      <section aria-labelledby="tt" className="grid gap-3">
        <h2 id="tt" className="text-lg font-semibold">Tickets and quotas</h2>
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left">
              <tr>
                <th className="p-2">Quota</th>
                <th className="p-2">Sold</th>
                <th className="p-2">Held</th>
                <th className="p-2">Size</th>
              </tr>
            </thead>
            <tbody>
              {(e.quotas ?? []).map((q) => (
                <tr key={q.id} className="border-t">
                  <td className="p-2">{q.name}</td>
                  <td className="p-2">{q.sold}</td>
                  <td className="p-2">{q.held}</td>
                  <td className="p-2">{q.size}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="grid gap-1 text-sm">
          {e.ticket_types.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong>: {t.price === 0 ? 'free' : formatMoney(t.price, t.currency)}, up to {t.max_per_order} per order{t.hidden ? ' (hidden, unlocked by a code)' : ''}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="att" className="grid gap-3">
        <h2 id="att" className="text-lg font-semibold">Attendees</h2>
        <CursorList query={att} rowKey={(a) => a.ticket_id} noun={['attendee', 'attendees']} empty={{ icon: <Users className="size-6" />, title: 'No tickets sold yet' }}>
          {(a) => (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
              <span className="font-medium">{a.attendee_name}</span>
              <span className="text-muted-foreground">{a.type_name}</span>
              {a.checked_in_at ? <Badge>Arrived</Badge> : <Badge variant="outline">Not arrived</Badge>}
            </div>
          )}
        </CursorList>
      </section>
      {e.status === 'on_sale' && (
        <section aria-labelledby="cx" className="grid max-w-xl gap-2 rounded-xl border border-destructive/40 p-4">
          <h2 id="cx" className="font-semibold">Cancel the event</h2>
          <p className="text-sm text-muted-foreground">Everyone who paid is refunded in full to their Sojourn wallet.</p>
          <Label htmlFor="cx-reason">Reason (shown to buyers)</Label>
          <Input id="cx-reason" value={reason} maxLength={500} onChange={(ev) => setReason(ev.target.value)} />
          <FormAlert>{cancel.error ? errorMessage(cancel.error) : null}</FormAlert>
          <Button variant="destructive" disabled={reason.trim().length < 3 || cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel and refund everyone
          </Button>
        </section>
      )}
    </div>
  );
}

type Detector = { detect: (v: HTMLVideoElement) => Promise<{ rawValue: string }[]> };

/** The camera scanner: the BarcodeDetector web API where the browser has it; elsewhere the typed code. */
function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState('');
  const supported = typeof window !== 'undefined' && 'BarcodeDetector' in window;
  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let stop = false;
    let last = '';
    const Ctor = (window as unknown as { BarcodeDetector: new (o: { formats: string[] }) => Detector }).BarcodeDetector;
    const detector = new Ctor({ formats: ['qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stop && video.current) {
          const found = await detector.detect(video.current).catch(() => []);
          const raw = found[0]?.rawValue;
          if (raw && raw !== last) {
            last = raw;
            onCode(codeFromScan(raw));
          }
          await new Promise((r) => setTimeout(r, 300));
        }
      } catch (e) {
        setProblem(e instanceof Error ? e.message : 'The camera could not be opened.');
        setOn(false);
      }
    })();
    return () => {
      stop = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [on, onCode]);
  if (!supported) return <p className="text-sm text-muted-foreground">This browser cannot read QR codes from the camera; type the code under the QR code instead.</p>;
  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" onClick={() => setOn((v) => !v)}>
        <Camera className="size-4" aria-hidden /> {on ? 'Stop camera' : 'Scan with camera'}
      </Button>
      {on && <video ref={video} className="aspect-video w-full max-w-md rounded-xl bg-black" muted playsInline aria-label="Camera preview" />}
      {problem && <FormAlert>{problem}</FormAlert>}
    </div>
  );
}

/** The door: scan or type a ticket's code; the result, who has arrived and the log. */
export function CheckInPage() {
  const { id = '' } = useParams();
  const { base, prefix } = useOrganiser();
  const api = organiserApi(base);
  const qc = useQueryClient();
  const ev = useQuery({ queryKey: eventsKeys.orgEvent(base, id), queryFn: () => api.event(id) });
  const log = useInfiniteQuery({ ...cursorQuery(eventsKeys.scans(base, id), (c) => api.scans(id, c)) });
  const [code, setCode] = useState('');
  const [last, setLast] = useState<TkCheckIn | null>(null);
  const scan = useMutation({
    mutationFn: (c: string) => api.checkIn(id, c),
    onSuccess: (r) => {
      setLast(r);
      setCode('');
      void qc.invalidateQueries({ queryKey: eventsKeys.scans(base, id) });
      void qc.invalidateQueries({ queryKey: eventsKeys.attendees(base, id) });
    },
  });
  const onCode = useRef((c: string) => scan.mutate(c));
  onCode.current = (c: string) => scan.mutate(c);
  const [stableOnCode] = useState(() => (c: string) => onCode.current(c));
  if (ev.isPending) return <Skeleton className="m-6 h-96" aria-label="Loading the event" />;
  if (ev.isError) return <ErrorState title="This event could not be loaded" error={ev.error} onRetry={() => void ev.refetch()} />;
  const verdict = last ? scanVerdict(last.result) : null;
  return (
    <div className="grid gap-6 p-4 sm:p-6">
      <Link to={`${prefix}/${id}`} className="text-sm underline-offset-4 hover:underline">
        ← {ev.data.title}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight">Check-in</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="grid content-start gap-3" aria-label="Scan a ticket">
          <CameraScanner onCode={stableOnCode} />
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (code.trim()) scan.mutate(codeFromScan(code));
            }}
          >
            <div className="grid flex-1 gap-1">
              <Label htmlFor="code">Type the code</Label>
              <Input id="code" value={code} maxLength={200} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
            </div>
            <Button type="submit" disabled={scan.isPending || !code.trim()}>
              Check in
            </Button>
          </form>
          <FormAlert>{scan.error ? errorMessage(scan.error) : null}</FormAlert>
          {last && verdict && (
            <div
              role="status"
              data-testid="scan-result"
              className={verdict.ok ? 'flex gap-3 rounded-xl border border-emerald-400 bg-emerald-50 p-4 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50' : 'flex gap-3 rounded-xl border border-red-400 bg-red-50 p-4 text-red-950 dark:bg-red-950 dark:text-red-50'}
            >
              {verdict.ok ? <CheckCircle2 className="size-6 shrink-0" aria-hidden /> : <XCircle className="size-6 shrink-0" aria-hidden />}
              <div className="grid">
                <strong>{verdict.title}</strong>
                <span>{last.attendee_name ? `${last.attendee_name} · ${last.type_name}` : last.message}</span>
                {last.attendee_name && <span className="text-sm">{last.message}</span>}
              </div>
            </div>
          )}
        </section>
        <section className="grid content-start gap-3" aria-labelledby="log-title">
          <h2 id="log-title" className="text-lg font-semibold">Scan log</h2>
          <CursorList query={log} rowKey={(s) => s.id} noun={['scan', 'scans']} empty={{ icon: <QrCode className="size-6" />, title: 'No scans yet' }}>
            {(s) => (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-2 text-sm">
                <span>{s.attendee_name || 'Unknown code'}</span>
                <Badge variant={s.result === 'admitted' ? 'default' : 'destructive'}>{scanVerdict(s.result).title}</Badge>
                <span className="text-muted-foreground">
                  {new Date(s.created_at).toLocaleTimeString()} by {s.scanned_by}
                </span>
              </div>
            )}
          </CursorList>
        </section>
      </div>
    </div>
  );
}

/** A new event with one quota and its ticket types. */
export function NewEventPage() {
  const { base, prefix } = useOrganiser();
  const api = organiserApi(base);
  const nav = useNavigate();
  const [f, setF] = useState({ title: '', description: '', category: 'culture' as EventCategory, online: false, venue: '', address: '', city: '', start: '', end: '', zone: 'Africa/Lagos', refund: 2, quota: 100 });
  const [types, setTypes] = useState([{ name: 'General admission', price: 0, max: 4, code: '' }]);
  const m = useMutation({
    mutationFn: () =>
      api.create({
        title: f.title,
        description: f.description,
        category: f.category,
        online: f.online,
        venue: f.venue,
        address: f.address,
        city: f.city,
        starts_at: new Date(f.start).toISOString(),
        ends_at: new Date(f.end).toISOString(),
        time_zone: f.zone,
        refund_days: f.refund,
        quotas: [{ name: 'Capacity', size: f.quota }],
        ticket_types: types.map((t) => ({ name: t.name, quota: 'Capacity', price: Math.round(t.price * 100), max_per_order: t.max, ...(t.code ? { unlock_code: t.code } : {}) })),
      }),
    onSuccess: (e) => void nav(`${prefix}/${e.id}`),
  });
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  return (
    <form
      className="grid max-w-2xl gap-4 p-4 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate();
      }}
    >
      <h1 className="text-2xl font-bold tracking-tight">New event</h1>
      <div className="grid gap-1">
        <Label htmlFor="n-title">Title</Label>
        <Input id="n-title" required minLength={3} maxLength={120} value={f.title} onChange={(e) => set('title', e.target.value)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="n-desc">Description</Label>
        <textarea id="n-desc" className="min-h-24 rounded-md border bg-background p-2 text-sm" maxLength={5000} value={f.description} onChange={(e) => set('description', e.target.value)} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="n-cat">Category</Label>
          <select id="n-cat" className="h-9 rounded-md border bg-background px-2 text-sm" value={f.category} onChange={(e) => set('category', e.target.value as EventCategory)}>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" checked={f.online} onChange={(e) => set('online', e.target.checked)} /> Online event
        </label>
      </div>
      {!f.online && (
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1">
            <Label htmlFor="n-venue">Venue</Label>
            <Input id="n-venue" maxLength={120} value={f.venue} onChange={(e) => set('venue', e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="n-addr">Address</Label>
            <Input id="n-addr" maxLength={200} value={f.address} onChange={(e) => set('address', e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="n-city">City</Label>
            <Input id="n-city" maxLength={80} value={f.city} onChange={(e) => set('city', e.target.value)} />
          </div>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <Label htmlFor="n-start">Starts</Label>
          <Input id="n-start" type="datetime-local" required value={f.start} onChange={(e) => set('start', e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="n-end">Ends</Label>
          <Input id="n-end" type="datetime-local" required value={f.end} onChange={(e) => set('end', e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="n-zone">Time zone</Label>
          <Input id="n-zone" required maxLength={64} value={f.zone} onChange={(e) => set('zone', e.target.value)} />
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="n-quota">Capacity (one quota shared by every type)</Label>
          <Input id="n-quota" type="number" min={1} max={100000} value={f.quota} onChange={(e) => set('quota', Number(e.target.value))} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="n-refund">Full refund until (days before)</Label>
          <Input id="n-refund" type="number" min={0} max={365} value={f.refund} onChange={(e) => set('refund', Number(e.target.value))} />
        </div>
      </div>
      <fieldset className="grid gap-3 rounded-xl border p-3">
        <legend className="px-1 text-sm font-semibold">Ticket types</legend>
        {types.map((t, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-4">
            <div className="grid gap-1">
              <Label htmlFor={`t-name-${i}`}>Name</Label>
              <Input id={`t-name-${i}`} required maxLength={80} value={t.name} onChange={(e) => setTypes((ts) => ts.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`t-price-${i}`}>Price (₦)</Label>
              <Input id={`t-price-${i}`} type="number" min={0} value={t.price} onChange={(e) => setTypes((ts) => ts.map((x, j) => (j === i ? { ...x, price: Number(e.target.value) } : x)))} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`t-max-${i}`}>Per order</Label>
              <Input id={`t-max-${i}`} type="number" min={1} max={20} value={t.max} onChange={(e) => setTypes((ts) => ts.map((x, j) => (j === i ? { ...x, max: Number(e.target.value) } : x)))} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`t-code-${i}`}>Unlock code (hidden type)</Label>
              <Input id={`t-code-${i}`} maxLength={40} value={t.code} onChange={(e) => setTypes((ts) => ts.map((x, j) => (j === i ? { ...x, code: e.target.value } : x)))} />
            </div>
          </div>
        ))}
        {types.length < 20 && (
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setTypes((ts) => [...ts, { name: '', price: 0, max: 4, code: '' }])}>
            Add a ticket type
          </Button>
        )}
      </fieldset>
      <FormAlert>{m.error ? errorMessage(m.error) : null}</FormAlert>
      <Button type="submit" disabled={m.isPending}>
        Create event
      </Button>
    </form>
  );
}
