import { fetchWallet } from '@sojourn/session';
import type { QueryClient } from '@tanstack/react-query';
import { wellnessKeys } from './api';

/**
 * After a booking, cancellation or package moved money: refetch the wallet the session keeps (its store feeds the
 * header and the wallet screens) and drop every cached wallet read, this library's and the wallet screens' alike
 * (their react-query keys start with "wallet"), so the next screen shows the new balance at once.
 */
export async function refreshWallets(qc: QueryClient): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: ['wallet'] }),
    qc.invalidateQueries({ queryKey: [...wellnessKeys.all, 'wallet'] }),
    fetchWallet().catch(() => undefined),
  ]);
}
