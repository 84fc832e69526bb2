import { mediaUrl } from '@sojourn/api-client';
import { Avatar, Card, CardContent, DataTable, Input, Label, PageHeader } from '@sojourn/ui';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { practiceApi, practiceKeys, type PracticeClient } from '../api';
import { nouns, personPaths, type PersonNoun, type PracticeContext } from '../context';
import { formatWhen, zoneName } from '../format';

const SEARCH_MAX = 100;

/** The people who booked the practice: search by name, most recent first, "Load more" over the cursor. */
export default function ClientsPage({ ctx, noun }: { ctx: PracticeContext; noun: PersonNoun }) {
  const n = nouns(noun);
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, SEARCH_MAX);
  const [draft, setDraft] = useState(q);
  useEffect(() => {
    const t = window.setTimeout(() => {
      const v = draft.trim();
      if (v !== q) setParams(v ? { q: v } : {}, { replace: true });
    }, 300);
    return () => window.clearTimeout(t);
  }, [draft, q, setParams]);
  const list = useInfiniteQuery({
    queryKey: practiceKeys.clients(ctx.kind, q),
    queryFn: ({ pageParam }) => practiceApi.clients(ctx.kind, q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.data);
  const href = (c: PracticeClient) => `${personPaths(ctx, noun).one}?id=${encodeURIComponent(c.person.id)}`;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title={noun === 'patient' ? 'My patients' : 'Clients'} description={`Everyone who has booked you, most recent first. Open a ${n.one} for their history, intake answers, documents and your private notes.`} />
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:pt-6">
          <div className="grid max-w-sm gap-2">
            <Label htmlFor="client-search">Search {n.many}</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input id="client-search" type="search" className="pl-9" placeholder="Name or username" maxLength={SEARCH_MAX} value={draft} onChange={(e) => setDraft(e.target.value)} />
            </div>
          </div>
          <DataTable<PracticeClient>
            caption={`Your ${n.many}`}
            responsive="cards"
            rows={rows}
            rowKey={(c) => c.person.id}
            loading={list.isFetching && !list.isFetchingNextPage}
            error={!rows ? list.error : undefined}
            onRetry={() => void list.refetch()}
            empty={q ? { title: `No ${n.many} match “${q}”`, description: 'Check the spelling, or search by username.' } : { title: `No ${n.many} yet`, description: `People appear here after their first booking with you.` }}
            columns={[
              {
                key: 'person',
                header: n.One,
                cell: (c) => (
                  <Link to={href(c)} className="flex items-center gap-3 font-medium underline-offset-4 hover:underline">
                    <Avatar src={mediaUrl(c.person.avatar_url)} name={c.person.display_name || c.person.username} size="sm" />
                    <span className="grid">
                      <span>{c.person.display_name || c.person.username}</span>
                      <span className="text-xs font-normal text-muted-foreground">@{c.person.username}</span>
                    </span>
                  </Link>
                ),
              },
              { key: 'sessions', header: 'Sessions', cell: (c) => `${c.sessions} completed of ${c.bookings} booked` },
              { key: 'last', header: 'Last session', cell: (c) => (c.last_session ? formatWhen(c.last_session) : '—') },
              { key: 'next', header: 'Next session', cell: (c) => (c.next_session ? formatWhen(c.next_session) : 'None booked') },
            ]}
            more={{
              hasMore: Boolean(list.hasNextPage),
              loading: list.isFetchingNextPage,
              failed: Boolean(list.error && rows),
              onLoadMore: () => void list.fetchNextPage(),
              noun: [n.one, n.many],
            }}
          />
          <p className="text-xs text-muted-foreground">Times in {zoneName()}.</p>
        </CardContent>
      </Card>
    </div>
  );
}
