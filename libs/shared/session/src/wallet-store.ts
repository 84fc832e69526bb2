import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface WalletState {
  /** Balance in minor units; null while the wallet is not activated. */
  balance: number | null;
  loading: boolean;
  setBalance: (balance: number | null) => void;
  setLoading: (loading: boolean) => void;
  reset: () => void;
}

export const useWalletStore = create<WalletState>()(
  persist(
    (set) => ({
      balance: null,
      loading: false,
      setBalance: (balance) => set({ balance, loading: false }),
      setLoading: (loading) => set({ loading }),
      reset: () => set({ balance: null, loading: false }),
    }),
    {
      name: 'sojourn-wallet',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ balance }) => ({ balance }),
    },
  ),
);

export const selectWalletActive = (s: Pick<WalletState, 'balance'>) => s.balance !== null;
