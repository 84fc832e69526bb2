import { mediaUrl } from '@sojourn/api-client';
import {
  Avatar,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  EmptyState,
  ErrorState,
  Input,
  Label,
  PageHeader,
  Skeleton,
} from '@sojourn/ui';
import { formatDate, formatMoney, formatSigned } from '@sojourn/util';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search, UserRoundSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { AdjustmentForm, type AdjustmentTarget } from './adjustment-form';
import { adminMoneyApi, adminMoneyKeys, type AuditEntry } from '../api';

/** Someone the admin can choose: the accounts directory's answer to a search by email or username. */
export interface Person {
  id: string;
  email: string;
  username: string;
  avatarUrl?: string | null | undefined;
}

/** Finds people by email or username; the admin portal wires it to the accounts directory. */
export type FindPeople = (q: string) => Promise<Person[]>;

const PER_PAGE = 10;

function UserLookup({ findPeople, onPick }: { findPeople: FindPeople; onPick: (u: AdjustmentTarget) => void }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = window.setTimeout(() => setQ(text.trim()), 300);
    return () => window.clearTimeout(t);
  }, [text]);
  const users = useQuery({
    queryKey: adminMoneyKeys.peopleSearch(q),
    queryFn: () => findPeople(q),
    enabled: q.length >= 2,
  });
  return (
    <div className="grid gap-3">
      <div className="relative">
        <Label htmlFor="adjust-user" className="sr-only">
          Find a user by email or username
        </Label>
        <Search className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
        <Input id="adjust-user" type="search" placeholder="Find a user by email or username" className="pl-9" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {q.length < 2 ? (
        <p className="text-sm text-muted-foreground">Type at least two characters of their email or username.</p>
      ) : users.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : users.error ? (
        <ErrorState title="Could not search users" error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <EmptyState title="Nobody matches" description="Check the spelling, or search by the full email address." icon={<UserRoundSearch className="size-6" />} />
      ) : (
        <ul className="grid gap-2" aria-label="Matching users">
          {users.data.map((u) => (
            <li key={u.id} className="flex items-center gap-3 rounded-lg border p-2 pl-3">
              <Avatar src={mediaUrl(u.avatarUrl)} name={u.username} size="sm" />
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">{u.username}</span>
                <span className="truncate text-xs text-muted-foreground">{u.email}</span>
              </span>
              <Button size="sm" variant="outline" onClick={() => onPick({ id: u.id, email: u.email, username: u.username })} aria-label={`Choose ${u.email}`}>
                Choose
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function detail(e: AuditEntry, key: string): string {
  const v = (e.details as Record<string, unknown>)[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

export default function LedgerAdjustmentsPage({ findPeople }: { findPeople: FindPeople }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<AdjustmentTarget | null>(null);
  const [page, setPage] = useState(1);
  const recent = useQuery({
    queryKey: adminMoneyKeys.audit('ledger.adjust', page),
    queryFn: () => adminMoneyApi.auditLog({ page, per_page: PER_PAGE, action: 'ledger.adjust' }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Ledger adjustments" description="Correct a member’s wallet or a provider’s available earnings. Every adjustment is a balanced ledger entry and lands in the audit log." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>1. Find the user</CardTitle>
            <CardDescription>{user ? `Adjusting ${user.username} (${user.email}).` : 'Search by email or username, then choose them.'}</CardDescription>
          </CardHeader>
          <CardContent>
            {user ? (
              <Button variant="outline" onClick={() => setUser(null)}>
                Choose someone else
              </Button>
            ) : (
              <UserLookup findPeople={findPeople} onPick={setUser} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>2. Adjust</CardTitle>
            <CardDescription>A credit adds money; a debit takes it and cannot go below zero.</CardDescription>
          </CardHeader>
          <CardContent>
            {user ? (
              <AdjustmentForm
                key={user.id}
                user={user}
                onSubmit={(body, key) => adminMoneyApi.adjust(body, key)}
                onDone={(txn) => {
                  toast.success(`${txn.direction === 'credit' ? 'Credited' : 'Debited'} ${formatMoney(txn.amount, txn.currency)} (${txn.reference}).`);
                  void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.auditAll });
                }}
              />
            ) : (
              <p className="text-sm text-muted-foreground">Choose a user first.</p>
            )}
          </CardContent>
        </Card>
      </div>
      <section className="grid gap-3" aria-labelledby="recent-adjustments">
        <h2 id="recent-adjustments" className="text-lg font-semibold">
          Recent adjustments
        </h2>
        <DataTable
          caption="Recent adjustments"
          responsive="cards"
          rows={recent.data?.data}
          loading={recent.isFetching}
          error={recent.error}
          onRetry={() => void recent.refetch()}
          rowKey={(e) => e.id}
          page={page}
          perPage={PER_PAGE}
          total={recent.data?.meta.total ?? 0}
          onPageChange={setPage}
          empty={{ title: 'No adjustments yet', description: 'Adjustments made here are listed with who made them and why.' }}
          columns={[
            { key: 'when', header: 'When', className: 'whitespace-nowrap', cell: (e) => formatDate(e.created_at) },
            { key: 'account', header: 'Account', cell: (e) => (detail(e, 'account') === 'earnings_available' ? 'Available earnings' : 'Wallet') },
            {
              key: 'amount',
              header: 'Amount',
              className: 'whitespace-nowrap text-right',
              cell: (e) => {
                const n = Number(detail(e, 'amount'));
                return <span className="font-medium">{formatSigned(n, n >= 0 ? 'credit' : 'debit', detail(e, 'currency') || 'NGN')}</span>;
              },
            },
            { key: 'reason', header: 'Reason', className: 'min-w-48', cell: (e) => detail(e, 'reason') },
            { key: 'ref', header: 'Reference', className: 'hidden whitespace-nowrap lg:table-cell', cell: (e) => <span className="font-mono text-xs">{detail(e, 'reference')}</span> },
          ]}
        />
      </section>
    </div>
  );
}
