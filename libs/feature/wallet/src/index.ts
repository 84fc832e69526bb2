export * from './api';
export * from './hooks';
export * from './labels';
export * from './money';
export { BalanceCard } from './components/balance-card';
export { WalletSummaryCard } from './components/wallet-summary-card';
export * from './routes';
export { USER_WALLET_PATHS, WalletPathsContext, useWalletPaths, type WalletPaths } from './paths';
