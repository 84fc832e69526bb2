import type { PaymentStatus, Transaction, TransactionStatus, TransactionType } from './api';

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  topup: 'Top-up',
  transfer_in: 'Money received',
  transfer_out: 'Money sent',
  purchase: 'Purchase',
  refund: 'Refund',
  earning: 'Earning',
  payout: 'Payout',
  payout_fee: 'Payout fee',
  payout_reversal: 'Payout returned',
  gift_card_purchase: 'Gift card bought',
  gift_card_redeem: 'Gift card redeemed',
  adjustment: 'Adjustment',
};

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  reversed: 'Reversed',
};

export const METHOD_LABELS: Record<Transaction['method'], string> = {
  wallet: 'Wallet',
  card: 'Card (Paystack)',
  bank: 'Bank transfer',
  earnings: 'Earnings',
  gift_card: 'Gift card',
  platform: 'Sojourn',
};

export type BadgeTone = 'success' | 'warning' | 'destructive' | 'secondary';

export function statusTone(status: TransactionStatus | PaymentStatus): BadgeTone {
  switch (status) {
    case 'completed':
    case 'success':
      return 'success';
    case 'pending':
      return 'warning';
    case 'failed':
    case 'abandoned':
      return 'destructive';
    default:
      return 'secondary';
  }
}

/** One line saying what a transaction was: "Money sent to @tobi", "Top-up by card"... */
export function describeTransaction(t: Transaction): string {
  const who = t.counterparty ? `@${t.counterparty.username}` : null;
  switch (t.type) {
    case 'transfer_out':
      return who ? `Sent to ${who}` : 'Money sent';
    case 'transfer_in':
      return who ? `Received from ${who}` : 'Money received';
    case 'topup':
      return 'Top-up by card';
    case 'gift_card_purchase':
      return 'Gift card bought';
    case 'gift_card_redeem':
      return 'Gift card redeemed into your wallet';
    default:
      return TRANSACTION_TYPE_LABELS[t.type];
  }
}

/** Where a transaction's "paid for" link leads in this portal, when there is a page for it. */
export function paidForLabel(p: NonNullable<Transaction['paid_for']>): string {
  const names: Record<string, string> = {
    order: 'Order',
    booking: 'Booking',
    subscription: 'Subscription',
    gift_card: 'Gift card',
    payment: 'Card payment',
    payout: 'Payout',
    transfer: 'Transfer',
    ticket: 'Event ticket',
  };
  return names[p.type] ?? p.type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
