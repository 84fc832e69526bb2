import { useAuthStore } from '@sojourn/session';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { giftCardsApi, walletApi, type TransactionQuery } from './api';
import { activateWallet, fetchWallet } from './wallet-actions';

export const walletKeys = {
  all: ['wallet'] as const,
  wallet: ['wallet', 'balance'] as const,
  transactions: (q: TransactionQuery) => ['wallet', 'transactions', q] as const,
  transaction: (id: string) => ['wallet', 'transaction', id] as const,
  products: ['gift-cards', 'products'] as const,
  product: (id: string) => ['gift-cards', 'product', id] as const,
};

/** The caller's wallet through react-query, mirrored into the wallet store by fetchWallet. */
export function useWallet() {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  return useQuery({
    queryKey: walletKeys.wallet,
    queryFn: async () => (await fetchWallet()) ?? null,
    enabled: signedIn,
    staleTime: 10_000,
  });
}

export function useActivateWallet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: activateWallet,
    onSuccess: (wallet) => {
      if (wallet) qc.setQueryData(walletKeys.wallet, wallet);
      void qc.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/** After money moved: refetch the balance and every transaction list. */
export function useRefreshMoney() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: walletKeys.all });
}

export function useTransactions(query: TransactionQuery, enabled = true) {
  return useQuery({
    queryKey: walletKeys.transactions(query),
    queryFn: () => walletApi.transactions(query),
    placeholderData: keepPreviousData,
    enabled,
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
