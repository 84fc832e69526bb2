import { mediaUrl } from '@sojourn/api-client';
import { useListFilters } from '@sojourn/routing';
import { Avatar, Badge, DataTable, Input, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, type Column } from '@sojourn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search, Star } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  KIND_PLURAL,
  KIND_LABEL,
  PROVIDER_KINDS,
  PROVIDER_STATUSES,
  STATUS_LABELS,
  VERIFICATIONS,
  VERIFICATION_LABELS,
  adminPracticeApi,
  adminPracticeKeys,
  isKind,
  providerDetailPath,
  type AdminProviderRow,
  type ProviderKind,
  type ProviderStatus,
  type Verification,
} from '../api/practice';
import { FilterTabs } from './filter-tabs';

const PER_PAGE = 20;
const ANY = 'any';

export function StatusBadge({ status, listed }: { status: ProviderStatus; listed: boolean }) {
  const variant = status === 'published' ? 'success' : status === 'suspended' ? 'destructive' : 'secondary';
  return (
    <span className="flex flex-wrap items-center gap-1">
      <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>
      {status === 'published' && !listed && <span className="text-xs text-muted-foreground">not in the directory</span>}
    </span>
  );
}

export function VerificationBadge({ verification }: { verification: Verification }) {
  const variant = verification === 'verified' ? 'success' : verification === 'pending' ? 'default' : verification === 'rejected' ? 'destructive' : 'outline';
  return <Badge variant={variant}>{VERIFICATION_LABELS[verification]}</Badge>;
}

export function RatingText({ average, count }: { average: number; count: number }) {
  if (count === 0) return <span className="text-muted-foreground">No reviews</span>;
  return (
    <span className="inline-flex items-center gap-1 tabular-nums">
      <Star className="size-3.5 fill-current text-warning" aria-hidden />
      <span>
        {average.toFixed(1)} <span className="text-muted-foreground">({count})</span>
      </span>
      <span className="sr-only">out of 5 from {count === 1 ? 'one review' : `${count} reviews`}</span>
    </span>
  );
}

/** The table's columns; the kind column only where several kinds share the list. */
export function providerColumns({ showKind }: { showKind: boolean }): Column<AdminProviderRow>[] {
  const cols: Column<AdminProviderRow>[] = [
    {
      key: 'provider',
      header: 'Provider',
      className: 'min-w-56',
      cell: (p) => (
        <Link to={providerDetailPath(p)} className="group flex items-center gap-3 rounded-sm">
          <Avatar src={mediaUrl(p.avatar_url)} name={p.display_name} size="sm" />
          <span className="grid min-w-0">
            <span className="truncate font-medium underline-offset-4 group-hover:underline">{p.display_name}</span>
            <span className="truncate text-xs text-muted-foreground">{p.headline || p.user.email}</span>
          </span>
        </Link>
      ),
    },
  ];
  if (showKind) cols.push({ key: 'kind', header: 'Kind', cell: (p) => <Badge variant="soft">{isKind(p.kind) ? KIND_LABEL[p.kind] : p.kind}</Badge> });
  cols.push(
    { key: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} listed={p.listed} /> },
    { key: 'licence', header: 'Licence', cell: (p) => <VerificationBadge verification={p.verification} /> },
    { key: 'place', header: 'Based in', cell: (p) => [p.city, p.country].filter(Boolean).join(', ') || <span className="text-muted-foreground">Not given</span> },
    { key: 'rating', header: 'Rating', cell: (p) => <RatingText average={p.rating.average} count={p.rating.count} /> },
    { key: 'complete', header: 'Complete', cell: (p) => <span className="tabular-nums">{p.completeness}%</span> },
  );
  return cols;
}

/**
 * Every provider profile, filtered by kind (tabs, unless the page fixes one), status, licence verification and
 * words, in numbered pages, every filter kept in the address.
 */
export function ProviderTable({ kind: fixedKind, caption }: { kind?: ProviderKind; caption: string }) {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const kindParam = params.get('kind');
  const kind: ProviderKind | '' = fixedKind ?? (isKind(kindParam) ? kindParam : '');
  const status = (PROVIDER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as ProviderStatus) : '';
  const verification = (VERIFICATIONS as readonly string[]).includes(params.get('verification') ?? '') ? (params.get('verification') as Verification) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const current: { q: string; page: string; [filter: string]: string } = { q, status, verification, page: String(page) };
  if (!fixedKind) current.kind = kind;
  const { update, search, setSearch } = useListFilters(current);
  const query = useQuery({
    queryKey: adminPracticeKeys.list({ kind, status, verification, q, page }),
    queryFn: () =>
      adminPracticeApi.providers({
        kind: kind || undefined,
        status: status || undefined,
        verification: verification || undefined,
        q: q || undefined,
        page,
        per_page: PER_PAGE,
      }),
    placeholderData: keepPreviousData,
  });
  const noun = fixedKind ? KIND_PLURAL[fixedKind].toLowerCase() : 'providers';
  const filtered = Boolean(q || status || verification);

  return (
    <div className="grid gap-4">
      {!fixedKind && (
        <div className="max-w-full overflow-x-auto">
          <FilterTabs
            label="Provider kind"
            value={kind || ANY}
            options={[{ value: ANY, label: 'All kinds' }, ...PROVIDER_KINDS_OPTIONS]}
            onChange={(v) => update({ kind: v === ANY ? '' : v, page: '1' })}
          />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_12rem]">
        <div className="relative">
          <Label htmlFor="provider-search" className="sr-only">
            Search by headline, city or licence number
          </Label>
          <Search className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            id="provider-search"
            type="search"
            maxLength={100}
            placeholder="Headline, city or licence number"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Select value={status || ANY} onValueChange={(v) => update({ status: v === ANY ? '' : v, page: '1' })}>
          <SelectTrigger aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any status</SelectItem>
            {PROVIDER_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={verification || ANY} onValueChange={(v) => update({ verification: v === ANY ? '' : v, page: '1' })}>
          <SelectTrigger aria-label="Filter by licence">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any licence state</SelectItem>
            {VERIFICATIONS.map((v) => (
              <SelectItem key={v} value={v}>
                {VERIFICATION_LABELS[v]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <DataTable
        caption={caption}
        responsive="cards"
        rows={query.data?.data}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(p) => p.id}
        page={page}
        perPage={PER_PAGE}
        total={query.data?.meta.total ?? 0}
        onPageChange={(p) => update({ page: String(p) })}
        empty={
          filtered
            ? { title: `No ${noun} match`, description: 'Try a shorter search or clear the filters.' }
            : { title: `No ${noun} yet`, description: 'Profiles appear here as soon as a provider starts filling one in.' }
        }
        columns={providerColumns({ showKind: !fixedKind })}
      />
    </div>
  );
}

const PROVIDER_KINDS_OPTIONS = PROVIDER_KINDS.map((k) => ({ value: k as string, label: KIND_PLURAL[k] }));
