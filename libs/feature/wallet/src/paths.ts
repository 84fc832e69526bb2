import { createContext, useContext } from 'react';

/**
 * Where the wallet's screens live in the portal showing them. The user portal keeps the spec's addresses; a provider
 * portal mounts the same wallet under its own wallet address (`providerWalletPages`) and links to its earnings.
 */
export interface WalletPaths {
  wallet: string;
  transactions: string;
  details: string;
  /** A provider portal's earnings page: its wallet then leaves earnings and withdrawals to that page. */
  earnings?: string;
  /** Whether gift cards are sold here (the user portal). */
  giftCards: boolean;
}

export const USER_WALLET_PATHS: WalletPaths = {
  wallet: '/user-wallet',
  transactions: '/shop/Transactions',
  details: '/shop/Transactions/details',
  giftCards: true,
};

export const WalletPathsContext = createContext<WalletPaths>(USER_WALLET_PATHS);

export function useWalletPaths(): WalletPaths {
  return useContext(WalletPathsContext);
}
