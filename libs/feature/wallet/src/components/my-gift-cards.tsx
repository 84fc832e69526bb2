import { Badge, EmptyState, ErrorState, LoadMore, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { giftCardsApi, walletKeys, type GiftCard } from '../api';
import { GiftCardArt } from './gift-card-products';
import { ReceivedGiftCards, useReceivedGiftCards } from './received-gift-cards';

const STATE: Record<GiftCard['status'], { label: string; variant: 'success' | 'secondary' | 'warning' | 'destructive' }> = {
  active: { label: 'Ready to redeem', variant: 'success' },
  redeemed: { label: 'Redeemed', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'warning' },
  refunded: { label: 'Refunded', variant: 'destructive' },
};

type Kind = 'bought' | 'received';

function CardRow({ card }: { card: GiftCard }) {
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
          For {card.recipient_name} · bought {formatDate(card.created_at)}
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

/** Every card one bought, newest first, read by cursor (there is no total and no page number). */
export function useBoughtGiftCards(limit = CARDS_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: walletKeys.myCards('bought', limit),
    queryFn: ({ pageParam }) => giftCardsApi.bought({ limit, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
}

function BoughtList() {
  const q = useBoughtGiftCards();
  const cards = useMemo(() => q.data?.pages.flatMap((p) => p.data), [q.data]);
  if (q.isPending) return <Skeleton className="h-40 w-full" />;
  if (q.isError && !q.isFetchNextPageError) return <ErrorState title="Could not load your gift cards" error={q.error} onRetry={() => void q.refetch()} />;
  if (!cards || cards.length === 0) {
    return <EmptyState title="No gift cards bought yet" description="Cards you give appear here with their state: ready, redeemed, expired or refunded." />;
  }
  return (
    <div className="grid gap-3">
      <ul className="divide-y rounded-xl border bg-card" aria-label="Gift cards you bought">
        {cards.map((c) => (
          <CardRow key={c.id} card={c} />
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

/** How many received cards on the first page wait to be added to the wallet (shown on the tab). */
function useWaiting(): number {
  const q = useReceivedGiftCards();
  return q.data?.pages[0]?.data.filter((c) => c.can_redeem).length ?? 0;
}

/**
 * "My gift cards": the cards you bought and the cards you received (bought for your verified email, or redeemed with a
 * code), each with its state; a card waiting for you is added to your wallet from here.
 */
export function MyGiftCards() {
  const [tab, setTab] = useState<Kind>('bought');
  const waiting = useWaiting();
  return (
    <section aria-labelledby="my-gift-cards-heading" className="grid gap-3">
      <h2 id="my-gift-cards-heading" className="text-lg font-semibold">
        My gift cards
      </h2>
      <Tabs value={tab} onValueChange={(v) => setTab(v as Kind)}>
        <TabsList aria-label="My gift cards">
          <TabsTrigger value="bought">Bought</TabsTrigger>
          <TabsTrigger value="received">
            Received
            {waiting > 0 && (
              <>
                <Badge variant="success" className="ml-1.5 px-1.5" aria-hidden>
                  {waiting}
                </Badge>
                <span className="sr-only">, {waiting} waiting</span>
              </>
            )}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="bought" className="mt-3">
          <BoughtList />
        </TabsContent>
        <TabsContent value="received" className="mt-3">
          <ReceivedGiftCards />
        </TabsContent>
      </Tabs>
    </section>
  );
}
