import { mediaUrl } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { StatusDialog } from '../components/status-dialog';
import {
  Avatar,
  Badge,
  DataTable,
  Input,
  Label,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@sojourn/ui';
import { ROLES, ROLE_LABELS, formatDate, sortRoles, type Role } from '@sojourn/util';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { adminAccountKeys, adminAccountsApi } from '@sojourn/feature-account';
import { useListFilters } from '@sojourn/routing';

const PER_PAGE = 20;
const ANY = 'any';

export default function UsersPage() {
  const queryClient = useQueryClient();
  const me = useAuthStore((s) => s.userId);
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const role = (ROLES as readonly string[]).includes(params.get('role') ?? '') ? (params.get('role') as Role) : '';
  const status = params.get('status') === 'active' || params.get('status') === 'suspended' ? (params.get('status') as 'active' | 'suspended') : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { update, search, setSearch } = useListFilters({ q, role, status, page: String(page) });

  const query = useQuery({
    queryKey: adminAccountKeys.users(q, role, status, page),
    queryFn: () => adminAccountsApi.users({ q: q || undefined, role: role || undefined, status: status || undefined, page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Users" description="Find any account, see its roles and suspend or reinstate it." />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        <div className="relative">
          <Label htmlFor="user-search" className="sr-only">
            Search by email or username
          </Label>
          <Search className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
          <Input id="user-search" type="search" placeholder="Search by email or username" className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Select value={role || ANY} onValueChange={(v) => update({ role: v === ANY ? '' : v, page: '1' })}>
          <SelectTrigger aria-label="Filter by role">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>All roles</SelectItem>
            {ROLES.map((r) => (
              <SelectItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={status || ANY} onValueChange={(v) => update({ status: v === ANY ? '' : v, page: '1' })}>
          <SelectTrigger aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any status</SelectItem>
            <SelectItem value="active">Active</SelectItem>
            <SelectItem value="suspended">Suspended</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <DataTable
        caption="Users"
        responsive="cards"
        rows={query.data?.data}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(u) => u.id}
        page={page}
        perPage={PER_PAGE}
        total={query.data?.meta.total ?? 0}
        onPageChange={(p) => update({ page: String(p) })}
        empty={{ title: 'No users match', description: 'Try a shorter search or clear the filters.' }}
        columns={[
          {
            key: 'user',
            header: 'User',
            className: 'min-w-56',
            cell: (u) => (
              <Link to={`/admin-dashboard/userDetails?id=${encodeURIComponent(u.id)}`} className="group flex items-center gap-3 rounded-sm">
                <Avatar src={mediaUrl(u.profile?.avatar_url)} name={u.username} size="sm" />
                <span className="grid min-w-0">
                  <span className="truncate font-medium underline-offset-4 group-hover:underline">{u.profile?.display_name || u.username}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {u.profile?.display_name ? `${u.username} · ` : ''}
                    {u.email}
                  </span>
                </span>
              </Link>
            ),
          },
          {
            key: 'roles',
            header: 'Roles',
            className: 'min-w-40',
            cell: (u) => (
              <span className="flex flex-wrap gap-1">
                {sortRoles(u.roles).map((r) => (
                  <Badge key={r} variant={r === 'user' ? 'secondary' : 'soft'}>
                    {ROLE_LABELS[r]}
                  </Badge>
                ))}
              </span>
            ),
          },
          {
            key: 'status',
            header: 'Status',
            cell: (u) => <Badge variant={u.status === 'active' ? 'success' : 'destructive'}>{u.status === 'active' ? 'Active' : 'Suspended'}</Badge>,
          },
          { key: 'joined', header: 'Joined', cell: (u) => formatDate(u.created_at) },
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            className: 'text-right',
            cell: (u) =>
              u.id === me ? (
                <span className="text-xs text-muted-foreground">You</span>
              ) : (
                <StatusDialog user={u} onDone={() => void queryClient.invalidateQueries({ queryKey: adminAccountKeys.usersAll })} />
              ),
          },
        ]}
      />
    </div>
  );
}
