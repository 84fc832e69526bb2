import { DataTable, Input, Label, PageHeader } from '@sojourn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminMoneyApi, adminMoneyKeys, type AuditEntry } from '../api';

const PER_PAGE = 25;

const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const ACTIONS: Record<string, string> = {
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
};

/** The details object as short "key: value" pairs. */
function summarise(e: AuditEntry): string {
  return Object.entries(e.details as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== '' && typeof v !== 'object')
    .slice(0, 6)
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${String(v)}`)
    .join(' · ');
}

export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(action);
  useEffect(() => {
    const t = window.setTimeout(() => {
      if (text.trim() !== action) setParams(text.trim() ? { action: text.trim() } : {}, { replace: true });
    }, 400);
    return () => window.clearTimeout(t);
  }, [text, action, setParams]);

  const query = useQuery({
    queryKey: adminMoneyKeys.audit(action, page),
    queryFn: () => adminMoneyApi.auditLog({ page, per_page: PER_PAGE, action: action || undefined }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Audit log" description="Every administrative decision, newest first: who did what, to what, and the details recorded with it." />
      <div className="grid gap-2 sm:max-w-sm">
        <Label htmlFor="audit-action">Action</Label>
        <Input id="audit-action" list="audit-actions" placeholder="e.g. ledger.adjust" value={text} onChange={(e) => setText(e.target.value)} />
        <datalist id="audit-actions">
          {Object.entries(ACTIONS).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </datalist>
      </div>
      <DataTable
        caption="Audit log"
        rows={query.data?.data}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(e) => e.id}
        page={page}
        perPage={PER_PAGE}
        total={query.data?.meta.total ?? 0}
        onPageChange={(p) => setParams({ ...(action ? { action } : {}), page: String(p) }, { replace: true })}
        empty={{ title: 'Nothing recorded', description: action ? 'No entries for this action. Clear the filter to see everything.' : 'Administrative actions appear here as they happen.' }}
        columns={[
          { key: 'when', header: 'When', className: 'whitespace-nowrap', cell: (e) => dateTime.format(new Date(e.created_at)) },
          {
            key: 'action',
            header: 'Action',
            className: 'min-w-44',
            cell: (e) => (
              <span className="grid">
                <span className="font-medium">{ACTIONS[e.action] ?? e.action}</span>
                <span className="font-mono text-xs text-muted-foreground">{e.action}</span>
              </span>
            ),
          },
          {
            key: 'target',
            header: 'Target',
            className: 'hidden md:table-cell',
            cell: (e) => (
              <span className="grid">
                <span>{e.target_type.replace(/_/g, ' ')}</span>
                <span className="font-mono text-xs text-muted-foreground">{e.target_id.slice(0, 13)}</span>
              </span>
            ),
          },
          { key: 'actor', header: 'By', className: 'hidden lg:table-cell', cell: (e) => (e.actor_id ? <span className="font-mono text-xs">{e.actor_id.slice(0, 13)}</span> : 'System') },
          { key: 'details', header: 'Details', className: 'min-w-56 text-xs text-muted-foreground', cell: summarise },
        ]}
      />
    </div>
  );
}
