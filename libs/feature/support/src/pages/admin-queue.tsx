import { Badge, Button, Checkbox, EmptyState, ErrorState, Input, Label, PageHeader, Pagination, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Skeleton } from '@sojourn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle, LifeBuoy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { supportApi, supportKeys, type QueueFilter } from '../api';
import { StatusBadge, dateTime } from '../components';
import { ADMIN_STATUS_LABEL, CATEGORIES, PRIORITIES, categoryLabel, slaSummary } from '../logic';
import { ADMIN_SUPPORT_PATH, adminTicketHref } from '../paths';

const ANY = 'any';
const STATUSES = [
  { value: 'active', label: 'Open or pending' },
  { value: 'open', label: 'Open' },
  { value: 'pending', label: 'Pending' },
  { value: 'solved', label: 'Solved' },
  { value: 'closed', label: 'Closed' },
  { value: ANY, label: 'Any status' },
];

function FilterSelect({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="h-9">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export default function SupportQueuePage() {
  const [params, setParams] = useSearchParams();
  const get = (k: string, d: string) => params.get(k) ?? d;
  const status = get('status', 'active');
  const priority = get('priority', ANY);
  const category = get('category', ANY);
  const assignee = get('assignee', ANY);
  const breached = params.get('breached') === 'true';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = get('q', '');
  const [text, setText] = useState(q);
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v === null || v === ANY || v === '') next.delete(k);
    else next.set(k, v);
    if (k !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  useEffect(() => {
    const t = window.setTimeout(() => {
      if (text.trim() === q) return;
      const next = new URLSearchParams(params);
      if (text.trim()) next.set('q', text.trim());
      else next.delete('q');
      next.delete('page');
      setParams(next, { replace: true });
    }, 400);
    return () => window.clearTimeout(t);
  }, [text, q, params, setParams]);
  const filter: QueueFilter = {
    ...(status !== ANY ? { status: status as QueueFilter['status'] } : {}),
    ...(priority !== ANY ? { priority: priority as QueueFilter['priority'] } : {}),
    ...(category !== ANY ? { category: category as QueueFilter['category'] } : {}),
    ...(assignee !== ANY ? { assignee } : {}),
    ...(breached ? { breached: true } : {}),
    ...(q ? { q } : {}),
  };
  const queue = useQuery({ queryKey: supportKeys.queue(filter, page), queryFn: () => supportApi.queue(filter, page), placeholderData: keepPreviousData });
  const admins = useQuery({ queryKey: supportKeys.admins, queryFn: supportApi.admins, staleTime: 60_000 });
  const now = new Date();
  const rows = queue.data?.data ?? [];

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Support"
        description="Tickets from every portal and the contact form, most urgent first."
        actions={
          <Button asChild variant="outline">
            <Link to={`${ADMIN_SUPPORT_PATH}/faqs`}>FAQs and canned replies</Link>
          </Button>
        }
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.4fr)] lg:items-end">
        <FilterSelect id="f-status" label="Status" value={status} options={STATUSES} onChange={(v) => {
            const next = new URLSearchParams(params);
            if (v === 'active') next.delete('status');
            else next.set('status', v);
            next.delete('page');
            setParams(next, { replace: true });
          }} />
        <FilterSelect id="f-priority" label="Priority" value={priority} options={[{ value: ANY, label: 'Any priority' }, ...PRIORITIES]} onChange={(v) => set('priority', v)} />
        <FilterSelect id="f-category" label="Category" value={category} options={[{ value: ANY, label: 'Any category' }, ...CATEGORIES]} onChange={(v) => set('category', v)} />
        <FilterSelect
          id="f-assignee"
          label="Assignee"
          value={assignee}
          options={[
            { value: ANY, label: 'Anyone' },
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'Unassigned' },
            ...(admins.data ?? []).map((a) => ({ value: a.id, label: a.username })),
          ]}
          onChange={(v) => set('assignee', v)}
        />
        <div className="grid gap-1">
          <Label htmlFor="f-q" className="text-xs text-muted-foreground">
            Search
          </Label>
          <Input id="f-q" className="h-9" type="search" placeholder="Subject, number or email" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="f-breached" checked={breached} onCheckedChange={(c) => set('breached', c === true ? 'true' : null)} />
        <Label htmlFor="f-breached">Only tickets past their SLA</Label>
      </div>
      {queue.isLoading ? (
        <div className="grid gap-2" aria-busy>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : queue.error ? (
        <ErrorState title="Could not load the queue" error={queue.error} onRetry={() => void queue.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<LifeBuoy className="size-6" />} title="No tickets here" description="Nothing matches these filters. New tickets appear as they arrive." />
      ) : (
        <>
          <ul className="grid gap-2" aria-label="Tickets">
            {rows.map((t) => {
              const sla = slaSummary(t, now);
              return (
                <li key={t.id}>
                  <Link
                    to={adminTicketHref(t.id)}
                    className={`grid gap-2 rounded-lg border bg-card p-3 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[minmax(0,1fr)_auto] ${sla.tone === 'breached' ? 'border-destructive/60' : ''}`}
                  >
                    <div className="grid min-w-0 gap-0.5">
                      <span className="break-words font-semibold">{t.subject}</span>
                      <span className="break-words text-sm text-muted-foreground">
                        {t.number} · {t.requester.name || t.requester.email} · {categoryLabel(t.category)} · {t.portal === 'contact' ? 'contact form' : `${t.portal} portal`}
                        {t.link ? ` · ${t.link.label}` : ''}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        Opened {dateTime.format(new Date(t.created_at))}
                        {t.assignee ? ` · assigned to ${t.assignee.name}` : ' · unassigned'}
                      </span>
                    </div>
                    <div className="flex flex-wrap items-start gap-2 sm:flex-col sm:items-end">
                      <div className="flex gap-2">
                        <Badge variant={t.priority === 'urgent' || t.priority === 'high' ? 'destructive' : 'outline'}>{t.priority}</Badge>
                        <StatusBadge status={t.status} labels={ADMIN_STATUS_LABEL} />
                      </div>
                      {sla.text && (
                        <span className={`inline-flex items-center gap-1 text-xs ${sla.tone === 'breached' ? 'font-semibold text-destructive' : sla.tone === 'soon' ? 'font-semibold text-foreground' : 'text-muted-foreground'}`}>
                          {sla.tone === 'breached' && <AlertTriangle className="size-3.5" aria-hidden />}
                          {sla.text}
                        </span>
                      )}
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
          {queue.data && <Pagination page={page} perPage={queue.data.meta.per_page} total={queue.data.meta.total} onPageChange={(p) => set('page', String(p))} />}
        </>
      )}
    </div>
  );
}
