import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { Badge, Button, EmptyState, ErrorState, LoadMore, Skeleton } from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Gift, MailWarning } from 'lucide-react';
import { useId, useMemo } from 'react';
import { toast } from 'react-toastify';
import { giftCardsApi, walletKeys, type ReceivedGiftCard } from '../api';
import { useRefreshMoney } from '../hooks';
import { GiftCardArt } from './gift-card-products';

type Tone = 'success' | 'secondary' | 'warning' | 'destructive';

/** What became of a received card, as a badge and a sentence. */
export function receivedState(card: ReceivedGiftCard): { label: string; tone: Tone; line: string } {
  const value = formatMoney(card.amount, card.currency);
  switch (card.status) {
    case 'active':
      return card.can_redeem
        ? { label: 'Waiting for you', tone: 'success', line: card.expires_at ? `Use it by ${formatDate(card.expires_at)}` : 'Ready to add to your wallet' }
        : { label: 'Ready to redeem', tone: 'success', line: 'Redeem it with the code from the email' };
    case 'redeemed':
      return card.redeemed_by_you
        ? { label: 'Redeemed', tone: 'secondary', line: `${value} added to your wallet on ${formatDate(card.redeemed_at)}` }
        : {
            label: 'Redeemed by someone else',
            tone: 'warning',
            line: `Redeemed with its code on ${formatDate(card.redeemed_at)}, not into your wallet. If that was not you, contact us.`,
          };
    case 'expired':
      return { label: 'Expired', tone: 'warning', line: `Expired on ${formatDate(card.expires_at)} before it was redeemed` };
    case 'refunded':
      return { label: 'Refunded', tone: 'destructive', line: 'The sender’s payment was refunded, so this card was cancelled' };
  }
}

function senderName(card: ReceivedGiftCard): string {
  const from = card.from;
  if (!from) return 'a Sojourn member';
  return from.display_name ? `${from.display_name} (@${from.username})` : `@${from.username}`;
}

/** One click adds a card addressed to you to your wallet; the balance, the transactions and the lists refresh. */
function useAddToWallet() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (card: ReceivedGiftCard) => giftCardsApi.addToWallet(card.id, newIdempotencyKey('gift-card')),
    onSuccess: (r, card) =>
      toast.success(
        `${formatMoney(r.amount, r.currency)} from your ${card.product.name} gift card is in your wallet. New balance: ${formatMoney(r.wallet_balance, r.currency)}.`,
      ),
    onError: (e) => toast.error(errorMessage(e)),
    onSettled: () => refresh(),
  });
}

function ReceivedRow({ card }: { card: ReceivedGiftCard }) {
  const add = useAddToWallet();
  const titleId = useId();
  const state = receivedState(card);
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:gap-4">
        <div className="w-24 shrink-0 sm:w-32">
          <GiftCardArt product={card.product} compact />
        </div>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p id={titleId} className="font-medium">
              {card.product.name} · <span className="tabular-nums">{formatMoney(card.amount, card.currency)}</span>
            </p>
            <Badge variant={state.tone}>{state.label}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            From {senderName(card)} · {card.addressed_to_you ? 'received' : 'redeemed'} {formatDate(card.received_at)}
          </p>
          {card.message && (
            <blockquote className="border-l-2 border-primary/40 pl-3 text-sm break-words whitespace-pre-line">{card.message}</blockquote>
          )}
          <p className="text-sm text-muted-foreground">
            {state.line} · code ending <span className="font-mono">{card.code_last4}</span>
          </p>
        </div>
      </div>
      {card.can_redeem && (
        <Button className="w-full shrink-0 sm:w-auto" aria-describedby={titleId} loading={add.isPending} onClick={() => add.mutate(card)}>
          <Gift aria-hidden /> Add to my wallet
        </Button>
      )}
    </li>
  );
}

/** Cards read per request; "Load more" appends the next ones. */
export const RECEIVED_PAGE_SIZE = 10;

/** The cards you received, newest first, read by cursor. */
export function useReceivedGiftCards(limit = RECEIVED_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: walletKeys.myCards('received', limit),
    queryFn: ({ pageParam }) => giftCardsApi.received({ limit, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
}

/** Gift cards bought for your verified email, and cards you redeemed with a code, each with what became of it. */
export function ReceivedGiftCards() {
  const q = useReceivedGiftCards();
  const user = useAuthStore((s) => s.user);
  const cards = useMemo(() => q.data?.pages.flatMap((p) => p.data), [q.data]);
  const unverified = user && !user.email_verified && (
    <p className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning/10 p-3 text-sm" role="note">
      <MailWarning className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <span>
        Gift cards sent to {user.email} show here once you verify that address: open the link we emailed you, or send a new one from your account
        settings.
      </span>
    </p>
  );
  if (q.isPending) return <Skeleton className="h-40 w-full" />;
  if (q.isError && !q.isFetchNextPageError) return <ErrorState title="Could not load your gift cards" error={q.error} onRetry={() => void q.refetch()} />;
  if (!cards || cards.length === 0) {
    return (
      <div className="grid gap-3">
        {unverified}
        <EmptyState
          title="No gift cards received yet"
          description="When someone buys you a Sojourn gift card, it appears here and you can add it to your wallet in one click."
        />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {unverified}
      <ul className="divide-y rounded-xl border bg-card" aria-label="Gift cards you received">
        {cards.map((c) => (
          <ReceivedRow key={c.id} card={c} />
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
