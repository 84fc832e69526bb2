import { Badge, Button, DataTable, Input, Label, PageHeader, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminMoneyApi, adminMoneyKeys, type AuditEntry } from '../api';
import type { FindPeople, Person } from './ledger';

const PER_PAGE = 25;
const ANY = 'any';

const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const AUDIT_ACTIONS: Record<string, string> = {
  'ledger.adjust': 'Ledger adjustment',
  'payment.refund': 'Payment refund',
  'gift_card_product.create': 'Gift-card product created',
  'gift_card_product.update': 'Gift-card product edited',
  'gift_card_product.image': 'Gift-card design uploaded',
  'role_application.approve': 'Role application approved',
  'role_application.reject': 'Role application rejected',
  'role.grant': 'Role granted',
  'role.revoke': 'Role removed',
  'user.suspend': 'Account suspended',
  'user.reinstate': 'Account reinstated',
  'provider.verification.verified': 'Licence verified',
  'provider.verification.rejected': 'Licence rejected',
  'provider.suspend': 'Provider suspended',
  'provider.reinstate': 'Provider reinstated',
  'provider.licence_document.read': 'Licence document viewed',
  'booking.cancel': 'Booking cancelled and refunded',
  'review.restore': 'Reported review restored',
  'review.remove': 'Reported review removed',
  'client_note.list': 'Session notes listed',
  'client_note.read': 'Session note read',
  'client_note.create': 'Session note written',
  'client_note.update': 'Session note edited',
  'client_document.read': 'Client document opened',
};

const MONEY_KEYS = new Set(['amount', 'min_amount', 'max_amount', 'denominations', 'refunded']);
const SKIP_KEYS = new Set(['currency', 'user_id', 'entry_id', 'refund_id', 'reference', 'image_url', 'width', 'height', 'document_id', 'provider_id', 'provider_user_id']);

type AuditPerson = NonNullable<AuditEntry['actor']>;

/** How the log names a person: display name, else username. */
export function personName(p: AuditPerson | null | undefined): string {
  return p ? p.display_name || p.username : '';
}

function value(k: string, v: unknown, currency: string): string {
  if (v === null || v === undefined || v === '') return '–';
  if (MONEY_KEYS.has(k)) {
    if (Array.isArray(v)) return v.map((x) => formatMoney(Number(x), currency)).join(', ');
    if (typeof v === 'number') return formatMoney(v, currency);
  }
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const label = (k: string) => k.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The details as short "Field: value" lines, money formatted in its currency, an edit as "before → after". */
export function auditDetails(e: AuditEntry): string[] {
  const d = (e.details ?? {}) as Record<string, unknown>;
  const before = d.before as Record<string, unknown> | undefined;
  const after = d.after as Record<string, unknown> | undefined;
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const cur = String(after.currency ?? before.currency ?? 'NGN');
    return Object.keys(after)
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      .map((k) => `${label(k)}: ${value(k, before[k], cur)} → ${value(k, after[k], cur)}`);
  }
  const cur = String(d.currency ?? 'NGN');
  return Object.entries(d)
    // A limit of 0 or no denominations means "none": leave them out rather than show ₦0.00.
    .filter(([k, v]) => !SKIP_KEYS.has(k) && v !== null && v !== '' && !(MONEY_KEYS.has(k) && (v === 0 || (Array.isArray(v) && v.length === 0))))
    .slice(0, 6)
    .map(([k, v]) => `${label(k)}: ${value(k, v, cur)}`);
}

function PersonLink({ person, id }: { person: AuditPerson | null | undefined; id: string | null | undefined }) {
  if (!id) return <span className="text-muted-foreground">System</span>;
  if (!person) return <span className="text-muted-foreground">A deleted account</span>;
  return (
    <Link to={`/admin-dashboard/userDetails?id=${encodeURIComponent(id)}`} className="grid font-medium underline-offset-4 hover:underline">
      <span>{personName(person)}</span>
      <span className="text-xs font-normal text-muted-foreground">{person.email}</span>
    </Link>
  );
}

function PersonFilter({ findPeople, onPick }: { findPeople: FindPeople; onPick: (p: Person) => void }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Person[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const q = text.trim();
    if (q.length < 2) {
      setError('Type at least 2 characters of an email or username.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const people = await findPeople(q);
      const exact = people.find((p) => p.email.toLowerCase() === q.toLowerCase() || p.username.toLowerCase() === q.toLowerCase());
      if (exact || people.length === 1) {
        onPick(exact ?? people[0]!);
        setFound(null);
        setText('');
      } else {
        setFound(people);
      }
    } catch {
      setError('Could not search people. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="grid gap-2" onSubmit={(ev) => void submit(ev)}>
      <Label htmlFor="audit-person">Person</Label>
      <div className="flex gap-2">
        <Input id="audit-person" placeholder="Email or username" value={text} onChange={(e) => setText(e.target.value)} aria-describedby={error ? 'audit-person-error' : undefined} />
        <Button type="submit" variant="outline" loading={busy}>
          Find
        </Button>
      </div>
      {error && (
        <p id="audit-person-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {found && found.length === 0 && <p className="text-sm text-muted-foreground">No one matches “{text.trim()}”.</p>}
      {found && found.length > 1 && (
        <ul className="grid gap-1" aria-label="People found">
          {found.map((p) => (
            <li key={p.id}>
              <Button type="button" variant="ghost" size="sm" className="h-auto w-full justify-start py-1 text-left" onClick={() => (onPick(p), setFound(null), setText(''))}>
                {p.username} · {p.email}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

export default function AuditLogPage({ findPeople }: { findPeople: FindPeople }) {
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const person = params.get('person') ?? '';
  const personLabel = params.get('who') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (next: { action?: string; person?: string; who?: string; page?: string }) => {
    const merged = { action, person, who: personLabel, page: '1', ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)), { replace: true });
  };

  const query = useQuery({
    queryKey: adminMoneyKeys.audit(action, page, person),
    queryFn: () => adminMoneyApi.auditLog({ page, per_page: PER_PAGE, action: action || undefined, person: person || undefined }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Audit log" description="Every administrative decision, newest first: who did what, to whom, and the details recorded with it." />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <div className="grid gap-2">
          <Label htmlFor="audit-action">Event type</Label>
          <Select value={action || ANY} onValueChange={(v) => set({ action: v === ANY ? '' : v })}>
            <SelectTrigger id="audit-action">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Every event</SelectItem>
              {Object.entries(AUDIT_ACTIONS).map(([k, v]) => (
                <SelectItem key={k} value={k}>
                  {v}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <PersonFilter findPeople={findPeople} onPick={(p) => set({ person: p.id, who: p.username })} />
      </div>
      {person && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          Entries made by or about <Badge variant="soft">{personLabel || 'this person'}</Badge>
          <Button variant="ghost" size="sm" onClick={() => set({ person: '', who: '' })}>
            <X aria-hidden /> Everyone
          </Button>
        </p>
      )}
      <DataTable
        caption="Audit log"
        responsive="cards"
        rows={query.data?.data}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(e) => e.id}
        page={page}
        perPage={PER_PAGE}
        total={query.data?.meta.total ?? 0}
        onPageChange={(p) => set({ page: String(p) })}
        empty={{
          title: 'Nothing recorded',
          description: action || person ? 'No entries match these filters. Clear them to see everything.' : 'Administrative actions appear here as they happen.',
        }}
        columns={[
          {
            key: 'action',
            header: 'Event',
            className: 'min-w-44',
            cell: (e) => (
              <span className="grid">
                <span className="font-medium">{AUDIT_ACTIONS[e.action] ?? e.action}</span>
                <span className="text-xs text-muted-foreground">{dateTime.format(new Date(e.created_at))}</span>
              </span>
            ),
          },
          {
            key: 'subject',
            header: 'About',
            className: 'min-w-40',
            cell: (e) =>
              e.subject_id ? (
                <PersonLink person={e.subject} id={e.subject_id} />
              ) : (
                <span className="grid">
                  <span className="font-medium">{e.target_label ?? e.target_type.replace(/_/g, ' ')}</span>
                  <span className="text-xs text-muted-foreground">{e.target_type.replace(/_/g, ' ')}</span>
                </span>
              ),
          },
          { key: 'actor', header: 'By', className: 'min-w-36', cell: (e) => <PersonLink person={e.actor} id={e.actor_id} /> },
          {
            key: 'details',
            header: 'Details',
            className: 'min-w-56 text-xs',
            cell: (e) => (
              <ul className="grid gap-0.5">
                {auditDetails(e).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </div>
  );
}
