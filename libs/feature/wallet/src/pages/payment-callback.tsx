import { errorMessage, isApiError, newIdempotencyKey } from '@sojourn/api-client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormAlert, Spinner } from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { giftCardsApi, paymentsApi, walletKeys, type GiftCard, type Payment } from '../api';
import { RevealedCode } from '../components/money-bits';
import { useWalletPaths } from '../paths';

/** Waits between verify calls while Paystack has not finished: about 20 s in all, then the person decides. */
export const VERIFY_BACKOFF_MS = [0, 1500, 3000, 5000, 10_000];

/** Only a path on this portal may be returned to. */
export function safeReturnPath(value: string | null, fallback = '/user-wallet'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}

/** "Declined" -> "declined.", keeping a reason's own full stop. */
function sentence(reason: string): string {
  const r = reason.trim();
  const lowered = /^[A-Z][a-z]/.test(r) ? r.charAt(0).toLowerCase() + r.slice(1) : r;
  return /[.!?]$/.test(lowered) ? lowered : `${lowered}.`;
}

function returnLabel(path: string, walletPath: string): string {
  if (path.startsWith(walletPath)) return 'Back to your wallet';
  if (path.startsWith('/gift-card/')) return 'Back to the gift card';
  if (path.startsWith('/cars/')) return 'Back to the car';
  return 'Continue';
}

type Phase = { kind: 'checking'; attempt: number } | { kind: 'settled'; payment: Payment } | { kind: 'waiting'; payment: Payment } | { kind: 'error'; error: unknown };

/**
 * The reveal's Idempotency-Key is kept for the tab until the code has been shown, so a reveal whose answer was lost
 * (a dropped connection, a reload mid-request) is replayed rather than spent. Once shown, the key is forgotten: the
 * code is not shown again, even on reload.
 */
const revealStorageKey = (reference: string) => `sojourn-reveal:${reference}`;
function revealKey(reference: string): string {
  let key = sessionStorage.getItem(revealStorageKey(reference));
  if (!key) {
    key = newIdempotencyKey();
    sessionStorage.setItem(revealStorageKey(reference), key);
  }
  return key;
}

function GiftCardReveal({ payment }: { payment: Payment }) {
  const [card, setCard] = useState<GiftCard | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    giftCardsApi
      .reveal(payment.purpose_id, revealKey(payment.reference))
      .then((r) => {
        setCard(r.data);
        sessionStorage.removeItem(revealStorageKey(payment.reference));
      })
      .catch(async (e) => {
        if (isApiError(e) && e.status === 409) {
          const existing = await giftCardsApi.purchased(payment.purpose_id).then((r) => r.data).catch(() => null);
          setCard(existing);
          setProblem(
            `The code of this card has already been shown once, so we cannot show it again${existing ? ` (it ends in ${existing.code_last4})` : ''}. ` +
              `${existing ? `It was emailed to ${existing.recipient_email}.` : 'It was emailed to the recipient.'}`,
          );
        } else {
          setProblem(errorMessage(e));
        }
      });
  }, [payment.purpose_id, payment.reference]);

  if (!card && !problem) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Getting your gift card…
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      {card?.code ? <RevealedCode code={card.code} recipientEmail={card.recipient_email} /> : <FormAlert tone="info">{problem}</FormAlert>}
      {card && (
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Card</dt>
            <dd className="font-medium">{card.product.name}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">For</dt>
            <dd className="font-medium">
              {card.recipient_name} ({card.recipient_email})
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Value</dt>
            <dd className="font-medium">{formatMoney(card.amount, card.currency)}</dd>
          </div>
          {card.expires_at && (
            <div>
              <dt className="text-muted-foreground">Valid until</dt>
              <dd className="font-medium">{formatDate(card.expires_at)}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}

export default function PaymentCallbackPage() {
  const paths = useWalletPaths();
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref') ?? '';
  const back = safeReturnPath(params.get('return'), paths.wallet);
  const qc = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'checking', attempt: 0 });
  const [round, setRound] = useState(0);

  const checkAgain = useCallback(() => {
    setPhase({ kind: 'checking', attempt: 0 });
    setRound((r) => r + 1);
  }, []);

  useEffect(() => {
    if (!reference) return;
    let cancelled = false;
    let timer: number | undefined;
    const attempt = (i: number) => {
      timer = window.setTimeout(async () => {
        if (cancelled) return;
        setPhase({ kind: 'checking', attempt: i });
        try {
          const { data } = await paymentsApi.verify(reference);
          if (cancelled) return;
          if (data.status !== 'pending') {
            setPhase({ kind: 'settled', payment: data });
            void qc.invalidateQueries({ queryKey: walletKeys.all });
          } else if (i + 1 < VERIFY_BACKOFF_MS.length) {
            attempt(i + 1);
          } else {
            setPhase({ kind: 'waiting', payment: data });
          }
        } catch (e) {
          if (!cancelled) setPhase({ kind: 'error', error: e });
        }
      }, VERIFY_BACKOFF_MS[i]);
    };
    attempt(0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [reference, round, qc]);

  const backButton = (
    <Button asChild variant={phase.kind === 'settled' && phase.payment.status === 'success' ? 'default' : 'outline'}>
      <Link to={back}>{returnLabel(back, paths.wallet)}</Link>
    </Button>
  );

  if (!reference) {
    return (
      <Outcome icon="failed" title="No payment to confirm" description="This page confirms a card payment when Paystack sends you back. There is no payment reference in the address.">
        {backButton}
      </Outcome>
    );
  }
  if (phase.kind === 'checking') {
    return (
      <Outcome icon="checking" title="Confirming your payment" description="We are checking with Paystack. This usually takes a few seconds.">
        <p className="text-sm text-muted-foreground">Reference {reference}</p>
      </Outcome>
    );
  }
  if (phase.kind === 'error') {
    const notFound = isApiError(phase.error) && phase.error.status === 404;
    return (
      <Outcome
        icon="failed"
        title={notFound ? 'We could not find this payment' : 'We could not confirm your payment'}
        description={notFound ? 'No payment of yours has this reference. If you were charged, contact us with the reference below.' : errorMessage(phase.error)}
      >
        <p className="text-sm text-muted-foreground">Reference {reference}</p>
        <div className="flex flex-wrap gap-2">
          {!notFound && <Button onClick={checkAgain}>Check again</Button>}
          {backButton}
        </div>
      </Outcome>
    );
  }
  const p = phase.payment;
  const amount = formatMoney(p.amount, p.currency);
  if (phase.kind === 'waiting') {
    return (
      <Outcome
        icon="waiting"
        title="Still confirming your payment"
        description={`Paystack has not confirmed the payment of ${amount} yet. If you completed it, it will show in your wallet as soon as it is confirmed; nothing is lost by waiting.`}
      >
        <p className="text-sm text-muted-foreground">Reference {p.reference}</p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={checkAgain}>Check again</Button>
          {backButton}
        </div>
      </Outcome>
    );
  }
  if (p.status === 'success' || p.status === 'refunded' || p.status === 'partially_refunded') {
    const isGift = p.purpose === 'gift_card';
    return (
      <Outcome
        icon="success"
        title={isGift ? 'Gift card paid' : 'Payment successful'}
        description={
          isGift
            ? `Your payment of ${amount} went through and the gift card is on its way to its recipient.`
            : p.purpose === 'wallet_topup'
              ? `${amount} has been added to your wallet.`
              : `Your payment of ${amount} went through.`
        }
      >
        {p.status !== 'success' && <FormAlert tone="info">This payment has since been {p.status === 'refunded' ? 'refunded' : 'partly refunded'}.</FormAlert>}
        {isGift && p.status === 'success' && p.purpose_id && <GiftCardReveal payment={p} />}
        <p className="text-sm text-muted-foreground">
          Reference {p.reference}
          {p.paid_at ? ` · paid ${formatDate(p.paid_at)}` : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          {backButton}
          <Button asChild variant="outline">
            <Link to={paths.transactions}>View transactions</Link>
          </Button>
        </div>
      </Outcome>
    );
  }
  const abandoned = p.status === 'abandoned';
  return (
    <Outcome
      icon="failed"
      title={abandoned ? 'Payment not completed' : 'Payment failed'}
      description={
        abandoned
          ? `The payment of ${amount} was not completed, so nothing was charged.`
          : `The payment of ${amount} did not go through${p.failure_reason ? `: ${sentence(p.failure_reason)}` : '.'}`
      }
    >
      <p className="text-sm text-muted-foreground">Reference {p.reference}. You can try again with the same or another card.</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={back.startsWith(paths.wallet) ? `${paths.wallet}?topup=1` : back}>Try again</Link>
        </Button>
        {backButton}
      </div>
    </Outcome>
  );
}

const ICONS = {
  success: <CheckCircle2 className="size-10 text-success" aria-hidden />,
  failed: <XCircle className="size-10 text-destructive" aria-hidden />,
  waiting: <Clock className="size-10 text-warning" aria-hidden />,
  checking: <Spinner className="size-10 text-primary" />,
};

function Outcome({ icon, title, description, children }: { icon: keyof typeof ICONS; title: string; description: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl">
      <Card>
        <CardHeader className="items-start gap-3">
          {ICONS[icon]}
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription className="text-base" role={icon === 'checking' ? 'status' : undefined}>
            {description}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </div>
  );
}
