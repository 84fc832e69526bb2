import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { adminAccountKeys, adminAccountsApi } from '@sojourn/feature-account';
import { adminMoneyApi, adminMoneyKeys, describeTransaction, TRANSACTION_STATUS_LABELS, statusTone, type Transaction } from '@sojourn/feature-wallet';
import { useAuthStore } from '@sojourn/session';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  ErrorState,
  Label,
  LoadMore,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  Textarea,
} from '@sojourn/ui';
import { ROLES, ROLE_LABELS, formatDate, formatMoney, formatSigned, sortRoles, type Role } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { StatusDialog } from '../components/status-dialog';

const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const ACTIONS: Record<string, string> = {
  'ledger.adjust': 'Ledger adjustment',
  'payment.refund': 'Payment refunded',
  'role_application.approve': 'Role application approved',
  'role_application.reject': 'Role application rejected',
  'role.grant': 'Role granted',
  'role.revoke': 'Role removed',
  'user.suspend': 'Account suspended',
  'user.reinstate': 'Account reinstated',
  'provider.verification.verified': 'Licence verified',
  'provider.verification.rejected': 'Licence rejected',
  'provider.suspend': 'Provider profile suspended',
  'provider.reinstate': 'Provider profile reinstated',
  'review.restore': 'Reported review restored',
  'review.remove': 'Reported review removed',
};

/** Grant or remove one role, confirmed in a dialog with an optional reason for the audit log. */
function RoleChangeDialog({ userId, name, roles, change, onDone }: { userId: string; name: string; roles: Role[]; change: { role: Role; grant: boolean } | null; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: () => {
      if (!change) throw new Error('No change chosen');
      const next = change.grant ? [...roles, change.role] : roles.filter((r) => r !== change.role);
      return adminAccountsApi.updateUser(userId, { roles: next.filter((r) => r !== 'user'), reason: reason.trim() });
    },
    onSuccess: () => {
      if (change) toast.success(change.grant ? `${name} is now ${ROLE_LABELS[change.role].toLowerCase()}.` : `${name} is no longer ${ROLE_LABELS[change.role].toLowerCase()}.`);
      setReason('');
      onDone();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const open = change !== null;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onDone()}>
      <DialogContent>
        {change && (
          <>
            <DialogHeader>
              <DialogTitle>{change.grant ? `Make ${name} ${ROLE_LABELS[change.role].toLowerCase()}?` : `Remove ${ROLE_LABELS[change.role].toLowerCase()} from ${name}?`}</DialogTitle>
              <DialogDescription>
                {change.grant
                  ? `They can use the ${ROLE_LABELS[change.role].toLowerCase()} portal at once, without an application.`
                  : 'They lose that portal at once; their history there is kept.'}{' '}
                The change is recorded in the audit log.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="role-reason">Reason (optional)</Label>
              <Textarea id="role-reason" rows={2} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant={change.grant ? 'default' : 'destructive'} loading={mutation.isPending} onClick={() => mutation.mutate()}>
                {change.grant ? 'Grant role' : 'Remove role'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function TransactionRow({ t }: { t: Transaction }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="grid min-w-0">
        <span className="truncate font-medium">{describeTransaction(t)}</span>
        <span className="text-xs text-muted-foreground">
          {dateTime.format(new Date(t.created_at))} · {t.reference}
        </span>
      </span>
      <span className="flex items-center gap-2">
        <Badge variant={statusTone(t.status)}>{TRANSACTION_STATUS_LABELS[t.status]}</Badge>
        <span className={`font-semibold tabular-nums ${t.direction === 'credit' ? 'text-success' : ''}`}>{formatSigned(t.amount, t.direction, t.currency)}</span>
      </span>
    </li>
  );
}

function WalletSection({ id }: { id: string }) {
  const wallet = useQuery({ queryKey: adminMoneyKeys.userWallet(id), queryFn: () => adminMoneyApi.userWallet(id) });
  const history = useInfiniteQuery({
    queryKey: adminMoneyKeys.userTransactions(id),
    queryFn: ({ pageParam }) => adminMoneyApi.userTransactions(id, { cursor: pageParam, limit: 10 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = history.data?.pages.flatMap((p) => p.data) ?? [];
  const w = wallet.data;
  return (
    <Section title="Wallet" description="The balance and the most recent money movements.">
      {wallet.isLoading ? (
        <Skeleton className="h-8 w-40" />
      ) : wallet.error ? (
        <ErrorState title="Could not load the wallet" error={wallet.error} onRetry={() => void wallet.refetch()} />
      ) : w?.balance === null || w?.balance === undefined ? (
        <p className="text-sm text-muted-foreground">No wallet opened yet.</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">Balance</dt>
            <dd className="text-2xl font-semibold tabular-nums">{formatMoney(w.balance, w.currency)}</dd>
          </div>
          {w.available !== null && w.available !== undefined && w.available + (w.pending ?? 0) > 0 && (
            <div>
              <dt className="text-xs text-muted-foreground">Earnings available</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatMoney(w.available, w.currency)}</dd>
            </div>
          )}
        </dl>
      )}
      <h3 className="mt-5 text-sm font-semibold">Recent transactions</h3>
      {history.isLoading ? (
        <Skeleton className="mt-2 h-16 w-full" />
      ) : history.error ? (
        <ErrorState title="Could not load the history" error={history.error} onRetry={() => void history.refetch()} />
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No transactions yet.</p>
      ) : (
        <>
          <ul className="divide-y text-sm" aria-label="Recent transactions">
            {rows.map((t) => (
              <TransactionRow key={t.id} t={t} />
            ))}
          </ul>
          <LoadMore
            shown={rows.length}
            hasMore={Boolean(history.hasNextPage)}
            loading={history.isFetchingNextPage}
            failed={history.isFetchNextPageError}
            onLoadMore={() => void history.fetchNextPage()}
            noun={['transaction', 'transactions']}
          />
        </>
      )}
    </Section>
  );
}

function ApplicationsSection({ id }: { id: string }) {
  const q = useQuery({ queryKey: adminAccountKeys.userApplications(id), queryFn: () => adminAccountsApi.applications({ user_id: id, per_page: 20 }) });
  return (
    <Section title="Role applications">
      {q.isLoading ? (
        <Skeleton className="h-10 w-full" />
      ) : q.error ? (
        <ErrorState title="Could not load applications" error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data?.data.length ? (
        <p className="text-sm text-muted-foreground">No applications.</p>
      ) : (
        <ul className="divide-y text-sm">
          {q.data.data.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{ROLE_LABELS[a.role]}</span> <span className="text-muted-foreground">· applied {formatDate(a.created_at)}</span>
                {a.reason && <span className="block text-xs text-muted-foreground">“{a.reason}”</span>}
              </span>
              {a.status === 'pending' ? (
                <Button asChild size="sm" variant="outline">
                  <Link to="/admin-dashboard/applications?status=pending">Review</Link>
                </Button>
              ) : (
                <Badge variant={a.status === 'approved' ? 'success' : 'destructive'} className="capitalize">
                  {a.status}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AuditSection({ id, username }: { id: string; username: string }) {
  const q = useQuery({ queryKey: adminMoneyKeys.audit('', 1, id), queryFn: () => adminMoneyApi.auditLog({ page: 1, per_page: 10, person: id }) });
  return (
    <Section title="Audit entries" description="Decisions made by or about this person.">
      {q.isLoading ? (
        <Skeleton className="h-10 w-full" />
      ) : q.error ? (
        <ErrorState title="Could not load the audit log" error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data?.data.length ? (
        <p className="text-sm text-muted-foreground">Nothing recorded.</p>
      ) : (
        <>
          <ul className="divide-y text-sm">
            {q.data.data.map((e) => {
              const d = (e.details ?? {}) as Record<string, unknown>;
              const extra = [
                typeof d.role === 'string' ? ROLE_LABELS[d.role as Role] : '',
                typeof d.amount === 'number' ? formatMoney(d.amount, String(d.currency ?? 'NGN')) : '',
                typeof d.reason === 'string' && d.reason.trim() ? `“${d.reason}”` : '',
              ].filter(Boolean);
              return (
                <li key={e.id} className="grid gap-0.5 py-2">
                  <span className="font-medium">{ACTIONS[e.action] ?? e.action}</span>
                  <span className="text-xs text-muted-foreground">
                    {dateTime.format(new Date(e.created_at))} · by {e.actor ? e.actor.display_name || e.actor.username : 'the system'}
                    {extra.length > 0 ? ` · ${extra.join(' · ')}` : ''}
                  </span>
                </li>
              );
            })}
          </ul>
          {(q.data.meta.total ?? 0) > q.data.data.length && (
            <Button asChild variant="link" className="px-0">
              <Link to={`/admin-dashboard/audit-log?person=${encodeURIComponent(id)}&who=${encodeURIComponent(username)}`}>See all {q.data.meta.total} entries</Link>
            </Button>
          )}
        </>
      )}
    </Section>
  );
}

export default function UserDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const me = useAuthStore((s) => s.userId);
  const queryClient = useQueryClient();
  const [change, setChange] = useState<{ role: Role; grant: boolean } | null>(null);
  const [grant, setGrant] = useState<string>('');
  const user = useQuery({ queryKey: adminAccountKeys.user(id), queryFn: () => adminAccountsApi.user(id).then((r) => r.data), enabled: id !== '' });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminAccountKeys.user(id) });
    void queryClient.invalidateQueries({ queryKey: adminAccountKeys.usersAll });
    void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.auditAll });
  };
  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to="/admin-dashboard/users">
        <ArrowLeft aria-hidden /> All users
      </Link>
    </Button>
  );
  if (!id) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6">
        <PageHeader title="User details" />
        <EmptyState title="No user chosen" description="Open a user from the users list to see their account." action={back} />
      </div>
    );
  }
  if (user.isLoading) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (user.error || !user.data) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6">
        <ErrorState title="Could not load this user" error={user.error} onRetry={() => void user.refetch()} />
      </div>
    );
  }
  const u = user.data;
  const name = u.profile?.display_name || u.username;
  const roles = sortRoles(u.roles) as Role[];
  const grantable = ROLES.filter((r) => r !== 'user' && !roles.includes(r));
  const self = u.id === me;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={mediaUrl(u.profile?.avatar_url)} name={name} size="lg" />
        <div className="grid min-w-0 flex-1 gap-1">
          <PageHeader title={name} description={`${u.username} · ${u.email}`} />
        </div>
        {!self && <StatusDialog user={u} onDone={refresh} />}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Account">
          <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge variant={u.status === 'active' ? 'success' : 'destructive'}>{u.status === 'active' ? 'Active' : 'Suspended'}</Badge>
              {u.status_reason && <span className="mt-1 block text-xs text-muted-foreground">“{u.status_reason}”</span>}
            </dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd className="break-words">
              {u.email} {u.email_verified ? <Badge variant="secondary">Verified</Badge> : <Badge variant="outline">Not verified</Badge>}
            </dd>
            <dt className="text-muted-foreground">Joined</dt>
            <dd>{formatDate(u.created_at)}</dd>
            {u.profile?.city && (
              <>
                <dt className="text-muted-foreground">Lives in</dt>
                <dd>
                  {u.profile.city}
                  {u.profile.country ? `, ${u.profile.country}` : ''}
                </dd>
              </>
            )}
            {u.profile?.phone && (
              <>
                <dt className="text-muted-foreground">Phone</dt>
                <dd>{u.profile.phone}</dd>
              </>
            )}
          </dl>
        </Section>
        <Section title="Roles" description="Granting or removing a role takes effect at once and is recorded in the audit log.">
          <ul className="flex flex-wrap gap-2" aria-label="Roles held">
            {roles.map((r) => (
              <li key={r}>
                <Badge variant={r === 'user' ? 'secondary' : 'soft'} className="gap-1 py-1">
                  {ROLE_LABELS[r]}
                  {r !== 'user' && !(self && r === 'admin') && (
                    <button type="button" className="ml-1 rounded-sm px-1 text-xs underline underline-offset-2" onClick={() => setChange({ role: r, grant: false })} aria-label={`Remove ${ROLE_LABELS[r]}`}>
                      Remove
                    </button>
                  )}
                </Badge>
              </li>
            ))}
          </ul>
          {grantable.length > 0 && (
            <div className="mt-4 flex flex-wrap items-end gap-2">
              <div className="grid min-w-48 flex-1 gap-2">
                <Label htmlFor="grant-role">Grant a role</Label>
                <Select value={grant} onValueChange={setGrant}>
                  <SelectTrigger id="grant-role">
                    <SelectValue placeholder="Choose a role" />
                  </SelectTrigger>
                  <SelectContent>
                    {grantable.map((r) => (
                      <SelectItem key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <Button variant="outline" disabled={!grant} onClick={() => setChange({ role: grant as Role, grant: true })}>
                Grant…
              </Button>
            </div>
          )}
          <RoleChangeDialog
            userId={u.id}
            name={name}
            roles={roles}
            change={change}
            onDone={() => {
              setChange(null);
              setGrant('');
              refresh();
            }}
          />
        </Section>
        <Section title="Sessions" description={`${u.active_sessions} signed-in ${u.active_sessions === 1 ? 'device' : 'devices'}. Suspending signs them all out.`}>
          {u.sessions.length === 0 ? (
            <p className="text-sm text-muted-foreground">Not signed in anywhere.</p>
          ) : (
            <ul className="divide-y text-sm">
              {u.sessions.map((s) => (
                <li key={s.id} className="grid gap-0.5 py-2">
                  <span className="break-words font-medium">{s.user_agent || 'Unknown device'}</span>
                  <span className="text-xs text-muted-foreground">
                    Last used {dateTime.format(new Date(s.last_used_at))} · from {s.ip || 'an unknown address'} · signed in {formatDate(s.created_at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <WalletSection id={u.id} />
        <ApplicationsSection id={u.id} />
        <AuditSection id={u.id} username={u.username} />
      </div>
    </div>
  );
}
