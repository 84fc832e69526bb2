import { newIdempotencyKey } from '@sojourn/api-client';
import { activateWallet, fetchWallet, useAuthStore } from '@sojourn/session';
import { payoutTarget } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { giftCardsApi, walletApi, walletKeys, type TransactionFilters } from './api';
import { useWalletPaths } from './paths';

/**
 * The currency of the wallet this screen shows: NGN in the user portal; in a provider portal the payout currency of
 * the provider's country (their earnings land in that wallet), as on their earnings page.
 */
export function useWalletCurrency() {
  const provider = Boolean(useWalletPaths().earnings);
  const country = useAuthStore((s) => s.user?.profile?.country);
  return provider ? payoutTarget(country).currency : 'NGN';
}

/** The caller's wallet through react-query (the NGN one mirrored into the wallet store by fetchWallet). */
export function useWallet() {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const currency = useWalletCurrency();
  return useQuery({
    queryKey: currency === 'NGN' ? walletKeys.wallet : walletKeys.walletIn(currency),
    queryFn: async () => (currency === 'NGN' ? ((await fetchWallet()) ?? null) : walletApi.walletIn(currency)),
    enabled: signedIn,
    staleTime: 10_000,
  });
}

export function useActivateWallet() {
  const qc = useQueryClient();
  const currency = useWalletCurrency();
  return useMutation({
    mutationFn: () => (currency === 'NGN' ? activateWallet() : walletApi.activateIn(currency, newIdempotencyKey('wallet'))),
    onSuccess: (wallet) => {
      if (wallet) qc.setQueryData(currency === 'NGN' ? walletKeys.wallet : walletKeys.walletIn(currency), wallet);
      void qc.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/** After money moved: refetch the balance, every transaction list and one's own gift cards. */
export function useRefreshMoney() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: walletKeys.all }), qc.invalidateQueries({ queryKey: walletKeys.myCardsAll })]);
}

/** The latest `limit` transactions, newest first (the wallet's "Recent transactions"). */
export function useRecentTransactions(limit: number) {
  return useQuery({ queryKey: walletKeys.recent(limit), queryFn: () => walletApi.transactions({ limit }).then((r) => r.data) });
}

/**
 * The filtered transaction history, newest first, read `limit` at a time by keyset cursor: `fetchNextPage` appends the
 * next page ("Load more") and `hasNextPage` turns false on the last one. While new filters load, the rows of the
 * previous ones stay on screen.
 */
export function useTransactionHistory(filters: TransactionFilters, limit: number) {
  return useInfiniteQuery({
    queryKey: walletKeys.history(filters, limit),
    queryFn: ({ pageParam }) => walletApi.transactions({ ...filters, limit, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(id: string) {
  return useQuery({ queryKey: walletKeys.transaction(id), queryFn: () => walletApi.transaction(id).then((r) => r.data), enabled: Boolean(id) });
}

export function useGiftCardProducts() {
  return useQuery({ queryKey: walletKeys.products, queryFn: () => giftCardsApi.products(1, 12).then((r) => r.data), staleTime: 60_000 });
}

export function useGiftCardProduct(id: string) {
  return useQuery({ queryKey: walletKeys.product(id), queryFn: () => giftCardsApi.product(id).then((r) => r.data), enabled: Boolean(id) });
}
