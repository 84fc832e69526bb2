import { errorMessage } from '@sojourn/api-client';
import { adminAccountKeys, adminContactApi, type InboxState } from '@sojourn/feature-account';
import { Badge, Button, EmptyState, ErrorState, Input, Label, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { FilterTabs } from '../components/filter-tabs';

const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const TABS: { value: InboxState | 'all'; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

export default function SupportInboxPage() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS.map((t) => t.value) as string[]).includes(params.get('state') ?? '') ? (params.get('state') as InboxState | 'all') : 'open';
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  useEffect(() => {
    const t = window.setTimeout(() => {
      if (text.trim() !== q) setParams({ state: tab, ...(text.trim() ? { q: text.trim() } : {}) }, { replace: true });
    }, 400);
    return () => window.clearTimeout(t);
  }, [text, q, tab, setParams]);
  const queryClient = useQueryClient();
  const state = tab === 'all' ? undefined : tab;
  const inbox = useInfiniteQuery({
    queryKey: adminAccountKeys.inbox(tab, q),
    queryFn: ({ pageParam }) => adminContactApi.messages({ state, q: q || undefined, cursor: pageParam, limit: 20 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const handle = useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => adminContactApi.setHandled(id, handled),
    onSuccess: (m) => {
      toast.success(m.handled_at ? `“${m.subject}” is marked handled.` : `“${m.subject}” is open again.`);
      void queryClient.invalidateQueries({ queryKey: adminAccountKeys.inboxAll });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const rows = inbox.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Support inbox" description="Messages sent through the contact form. Reply by email, then mark them handled." />
      <div className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-end">
        <FilterTabs label="Messages to show" value={tab} options={TABS} onChange={(v) => setParams({ state: v, ...(q ? { q } : {}) }, { replace: true })} />
        <div className="grid gap-1">
          <Label htmlFor="inbox-search" className="sr-only">
            Search messages
          </Label>
          <Input id="inbox-search" type="search" placeholder="Search name, email, subject or message" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      {inbox.isLoading ? (
        <div className="grid gap-3" aria-busy>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : inbox.error ? (
        <ErrorState title="Could not load the inbox" error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<Mail className="size-6" />}
          title={q ? 'No messages match' : tab === 'open' ? 'Nothing waiting' : 'No messages'}
          description={q ? 'Try other words or another tab.' : tab === 'open' ? 'Every message has been handled. New ones appear here as they arrive.' : undefined}
        />
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Messages">
            {rows.map((m) => (
              <li key={m.id}>
                <article className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground" aria-labelledby={`msg-${m.id}`}>
                  <header className="flex flex-wrap items-start justify-between gap-2">
                    <div className="grid min-w-0 gap-0.5">
                      <h2 id={`msg-${m.id}`} className="break-words font-semibold">
                        {m.subject}
                      </h2>
                      <p className="break-words text-sm text-muted-foreground">
                        {m.name} ·{' '}
                        <a className="underline underline-offset-4" href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                          {m.email}
                        </a>
                        {m.user_id && (
                          <>
                            {' '}
                            ·{' '}
                            <Link className="underline underline-offset-4" to={`/admin-dashboard/userDetails?id=${encodeURIComponent(m.user_id)}`}>
                              member account
                            </Link>
                          </>
                        )}
                      </p>
                    </div>
                    <Badge variant={m.handled_at ? 'success' : 'warning'}>{m.handled_at ? 'Handled' : 'Open'}</Badge>
                  </header>
                  <p className="whitespace-pre-line break-words text-sm">{m.message}</p>
                  <footer className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                    <span>
                      Received {dateTime.format(new Date(m.created_at))}
                      {m.handled_at ? ` · handled ${dateTime.format(new Date(m.handled_at))}` : ''}
                    </span>
                    <Button
                      size="sm"
                      variant={m.handled_at ? 'outline' : 'default'}
                      loading={handle.isPending && handle.variables?.id === m.id}
                      onClick={() => handle.mutate({ id: m.id, handled: !m.handled_at })}
                    >
                      {m.handled_at ? 'Reopen' : 'Mark handled'}
                    </Button>
                  </footer>
                </article>
              </li>
            ))}
          </ul>
          <LoadMore
            shown={rows.length}
            hasMore={Boolean(inbox.hasNextPage)}
            loading={inbox.isFetchingNextPage}
            failed={inbox.isFetchNextPageError}
            onLoadMore={() => void inbox.fetchNextPage()}
            noun={['message', 'messages']}
          />
        </>
      )}
    </div>
  );
}
