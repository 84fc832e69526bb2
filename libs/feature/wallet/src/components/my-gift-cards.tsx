import { Badge, EmptyState, ErrorState, LoadMore, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { giftCardsApi, walletKeys, type GiftCard } from '../api';
import { GiftCardArt } from './gift-card-products';

const STATE: Record<GiftCard['status'], { label: string; variant: 'success' | 'secondary' | 'warning' | 'destructive' }> = {
  active: { label: 'Ready to redeem', variant: 'success' },
  redeemed: { label: 'Redeemed', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'warning' },
  refunded: { label: 'Refunded', variant: 'destructive' },
};

type Kind = 'bought' | 'received';

function CardRow({ card, kind }: { card: GiftCard; kind: Kind }) {
  const state = STATE[card.status];
  const value = formatMoney(card.amount, card.currency);
  return (
    <li className="flex items-center gap-3 px-4 py-3 sm:gap-4">
      <div className="w-24 shrink-0 sm:w-32">
        <GiftCardArt product={card.product} compact />
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate font-medium">{card.product.name}</p>
        <p className="text-sm text-muted-foreground">
          {kind === 'bought' ? `For ${card.recipient_name} · bought ${formatDate(card.created_at)}` : `Redeemed ${formatDate(card.redeemed_at ?? card.created_at)}`}
        </p>
        <p className="text-sm tabular-nums">
          {value}
          {card.status === 'active' && card.balance !== card.amount && (
            <span className="text-muted-foreground"> · {formatMoney(card.balance, card.currency)} left</span>
          )}
          <span className="text-muted-foreground"> · code ending {card.code_last4}</span>
        </p>
      </div>
      <Badge variant={state.variant} className="shrink-0">
        {state.label}
      </Badge>
    </li>
  );
}

/** Cards read per request; "Load more" appends the next ones. */
export const CARDS_PAGE_SIZE = 10;

/** Every card one bought or received, newest first, read by cursor (there is no total and no page number). */
export function useMyGiftCards(kind: Kind, limit = CARDS_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: walletKeys.myCards(kind, limit),
    queryFn: ({ pageParam }) => {
      const query = { limit, cursor: pageParam ?? undefined };
      return kind === 'bought' ? giftCardsApi.bought(query) : giftCardsApi.received(query);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
}

function CardList({ kind }: { kind: Kind }) {
  const q = useMyGiftCards(kind);
  const cards = useMemo(() => q.data?.pages.flatMap((p) => p.data), [q.data]);
  if (q.isPending) return <Skeleton className="h-40 w-full" />;
  if (q.isError && !q.isFetchNextPageError) return <ErrorState title="Could not load your gift cards" error={q.error} onRetry={() => void q.refetch()} />;
  if (!cards || cards.length === 0) {
    return kind === 'bought' ? (
      <EmptyState title="No gift cards bought yet" description="Cards you give appear here with their state: ready, redeemed, expired or refunded." />
    ) : (
      <EmptyState title="No gift cards redeemed yet" description="When you redeem a gift card into your wallet it appears here." />
    );
  }
  return (
    <div className="grid gap-3">
      <ul className="divide-y rounded-xl border bg-card" aria-label={kind === 'bought' ? 'Gift cards you bought' : 'Gift cards you received'}>
        {cards.map((c) => (
          <CardRow key={c.id} card={c} kind={kind} />
        ))}
      </ul>
      <LoadMore
        shown={cards.length}
        hasMore={q.hasNextPage}
        loading={q.isFetchingNextPage}
        failed={q.isFetchNextPageError}
        onLoadMore={() => void q.fetchNextPage()}
        noun={['gift card', 'gift cards']}
      />
    </div>
  );
}

/** "My gift cards": the cards you bought and the cards you received and redeemed, each with its state. */
export function MyGiftCards() {
  const [tab, setTab] = useState<Kind>('bought');
  return (
    <section aria-labelledby="my-gift-cards-heading" className="grid gap-3">
      <h2 id="my-gift-cards-heading" className="text-lg font-semibold">
        My gift cards
      </h2>
      <Tabs value={tab} onValueChange={(v) => setTab(v as Kind)}>
        <TabsList aria-label="My gift cards">
          <TabsTrigger value="bought">Bought</TabsTrigger>
          <TabsTrigger value="received">Received</TabsTrigger>
        </TabsList>
        <TabsContent value="bought" className="mt-3">
          <CardList kind="bought" />
        </TabsContent>
        <TabsContent value="received" className="mt-3">
          <CardList kind="received" />
        </TabsContent>
      </Tabs>
    </section>
  );
}
