import { Badge, Button } from '@sojourn/ui';
import { cn, formatSigned } from '@sojourn/util';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import type { PaymentStatus, Transaction, TransactionStatus } from '../api';
import { TRANSACTION_STATUS_LABELS, statusTone } from '../labels';
import { groupGiftCode } from '../money';

/** A signed amount: green for money in, the normal text colour for money out. */
export function SignedAmount({ t, className }: { t: Pick<Transaction, 'amount' | 'direction' | 'currency' | 'status'>; className?: string }) {
  const muted = t.status === 'failed' || t.status === 'reversed';
  return (
    <span
      className={cn(
        'font-semibold tabular-nums whitespace-nowrap',
        t.direction === 'credit' && !muted && 'text-success',
        muted && 'text-muted-foreground line-through',
        className,
      )}
    >
      <span className="sr-only">{t.direction === 'credit' ? 'Money in: ' : 'Money out: '}</span>
      {formatSigned(t.amount, t.direction, t.currency)}
    </span>
  );
}

export function StatusBadge({ status }: { status: TransactionStatus }) {
  return <Badge variant={statusTone(status)}>{TRANSACTION_STATUS_LABELS[status]}</Badge>;
}

const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  pending: 'Confirming',
  success: 'Paid',
  failed: 'Failed',
  abandoned: 'Not completed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <Badge variant={statusTone(status)}>{PAYMENT_LABELS[status]}</Badge>;
}

/** A gift-card code shown once, in groups of four, with a copy button and the warning that goes with it. */
export function RevealedCode({ code, recipientEmail }: { code: string; recipientEmail?: string | undefined }) {
  const [copied, setCopied] = useState(false);
  const grouped = groupGiftCode(code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(grouped);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      setCopied(false);
      window.prompt('Copy the gift card code:', grouped);
    }
  };
  return (
    <div className="grid gap-3 rounded-xl border-2 border-dashed border-primary/40 bg-accent/40 p-4 sm:p-5">
      <p className="text-sm font-medium text-muted-foreground" id="gift-code-label">
        Gift card code
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <output
          aria-labelledby="gift-code-label"
          data-testid="gift-card-code"
          className="break-all font-mono text-lg font-semibold tracking-wider sm:text-xl"
        >
          {grouped}
        </output>
        <Button variant="outline" onClick={copy} className="w-full sm:w-auto">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy code'}
        </Button>
      </div>
      <p className="text-sm">
        <strong>This is the only time we show the full code.</strong> Copy it or write it down now; afterwards Sojourn shows only its last
        four characters.{recipientEmail ? ` We have also emailed it to ${recipientEmail}.` : ''}
      </p>
      <span className="sr-only" role="status" aria-live="polite">
        {copied ? 'Code copied to the clipboard.' : ''}
      </span>
    </div>
  );
}
