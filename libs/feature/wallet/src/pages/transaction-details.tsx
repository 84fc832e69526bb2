import { isApiError } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import type * as React from 'react';
import { Link, useSearchParams } from 'react-router';
import { giftCardsApi, type Transaction } from '../api';
import { SignedAmount, StatusBadge } from '../components/money-bits';
import { useTransaction } from '../hooks';
import { METHOD_LABELS, TRANSACTION_TYPE_LABELS, describeTransaction, paidForLabel } from '../labels';
import { useWalletPaths } from '../paths';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const when = (s: string | null | undefined) => (s ? dateTime.format(new Date(s)) : '');

function Row({ label, children, narrow }: { label: string; children: React.ReactNode; narrow?: boolean }) {
  return (
    <div className={`grid gap-1 border-b py-3 last:border-b-0 sm:gap-4 ${narrow ? 'sm:grid-cols-[6.5rem_minmax(0,1fr)]' : 'sm:grid-cols-[11rem_minmax(0,1fr)]'}`}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

const EVENT_LABELS: Record<string, string> = {
  issued: 'Issued',
  sent: 'Emailed to the recipient',
  revealed: 'Code shown to the buyer',
  redeemed: 'Redeemed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The gift card a transaction paid for, when the caller bought it (a redeemer cannot read the buyer's card). */
const usePurchasedCard = (id: string, enabled = true) =>
  useQuery({ queryKey: ['gift-cards', 'purchased', id], queryFn: () => giftCardsApi.purchased(id).then((r) => r.data), retry: false, enabled });

/** What a payment was for, by name: "Weekend Escape gift card for Tobi Kalu" rather than an id. */
function PaidFor({ paidFor }: { paidFor: NonNullable<Transaction['paid_for']> }) {
  const card = usePurchasedCard(paidFor.id, paidFor.type === 'gift_card');
  if (paidFor.type !== 'gift_card') return <>{paidForLabel(paidFor)}</>;
  if (card.isPending) return <Skeleton className="h-5 w-48" />;
  if (card.isError) return <>A Sojourn gift card</>;
  return (
    <>
      {card.data.product.name} gift card for {card.data.recipient_name}
    </>
  );
}

function LinkedGiftCard({ id }: { id: string }) {
  const q = usePurchasedCard(id);
  if (q.isPending) return <Skeleton className="h-32 w-full" />;
  if (q.isError) return null;
  const c = q.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Gift card: {c.product.name}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl>
          <Row narrow label="Code">
            <span className="font-mono">•••• {c.code_last4}</span>
          </Row>
          <Row narrow label="For">
            {c.recipient_name}
            <span className="block break-all font-normal text-muted-foreground">{c.recipient_email}</span>
          </Row>
          <Row narrow label="Value">
            {formatMoney(c.amount, c.currency)}
            <span className="block font-normal text-muted-foreground">{formatMoney(c.balance, c.currency)} left to redeem</span>
          </Row>
          <Row narrow label="Status">
            <Badge variant={c.status === 'active' ? 'success' : 'secondary'}>{c.status.charAt(0).toUpperCase() + c.status.slice(1)}</Badge>
          </Row>
          {c.expires_at && <Row narrow label="Valid until">{formatDate(c.expires_at)}</Row>}
          {c.message && <Row narrow label="Your message">{c.message}</Row>}
        </dl>
        {c.events && c.events.length > 0 && (
          <ol className="mt-4 grid gap-2 border-l-2 pl-4" aria-label="Card history">
            {c.events.map((e) => (
              <li key={e.id} className="text-sm">
                <span className="font-medium">{EVENT_LABELS[e.type] ?? e.type}</span>
                <span className="text-muted-foreground"> · {when(e.created_at)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function Details({ t }: { t: Transaction }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="soft">{TRANSACTION_TYPE_LABELS[t.type]}</Badge>
            <StatusBadge status={t.status} />
          </div>
          <SignedAmount t={t} className="text-3xl" />
          {describeTransaction(t) !== TRANSACTION_TYPE_LABELS[t.type] && <p className="text-muted-foreground">{describeTransaction(t)}</p>}
        </CardHeader>
        <CardContent>
          <dl>
            <Row label="Reference">
              <span className="font-mono">{t.reference}</span>
            </Row>
            <Row label="Date">{when(t.created_at)}</Row>
            {t.updated_at !== t.created_at && <Row label="Last updated">{when(t.updated_at)}</Row>}
            <Row label="Direction">{t.direction === 'credit' ? 'Money in' : 'Money out'}</Row>
            <Row label="Paid with">{METHOD_LABELS[t.method]}</Row>
            {t.fee > 0 && <Row label="Fee">{formatMoney(t.fee, t.currency)}</Row>}
            {t.counterparty && <Row label={t.direction === 'credit' ? 'From' : 'To'}>@{t.counterparty.username}</Row>}
            {t.note && <Row label="Note">{t.note}</Row>}
            {t.paid_for && (
              <Row label="Paid for">
                <PaidFor paidFor={t.paid_for} />
              </Row>
            )}
            {t.available_at && <Row label="Available from">{when(t.available_at)}</Row>}
            <Row label="Ledger entry">
              {t.entry_id ? <span className="font-mono text-xs">{t.entry_id}</span> : <span className="text-muted-foreground">Written once the payment is confirmed</span>}
            </Row>
          </dl>
        </CardContent>
      </Card>
      <div className="grid content-start gap-4">
        {t.paid_for?.type === 'gift_card' && <LinkedGiftCard id={t.paid_for.id} />}
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              Something not right?
            </CardTitle>
            <p className="text-sm text-muted-foreground">
              Write to us with the reference <span className="font-mono">{t.reference}</span> and we will look into it.
            </p>
            <Button asChild variant="outline" className="mt-2 w-fit">
              <Link to="/contact">Contact support</Link>
            </Button>
          </CardHeader>
        </Card>
      </div>
    </div>
  );
}

export default function TransactionDetailsPage() {
  const paths = useWalletPaths();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useTransaction(id);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Transaction details"
        actions={
          <Button asChild variant="outline">
            <Link to={paths.transactions}>All transactions</Link>
          </Button>
        }
      />
      {!id ? (
        <EmptyState title="No transaction chosen" description="Open a transaction from your list to see its details." action={<Button asChild><Link to={paths.transactions}>See your transactions</Link></Button>} />
      ) : q.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : q.isError ? (
        isApiError(q.error) && q.error.status === 404 ? (
          <EmptyState title="Transaction not found" description="There is no transaction of yours with this id." action={<Button asChild><Link to={paths.transactions}>See your transactions</Link></Button>} />
        ) : (
          <ErrorState title="Could not load this transaction" error={q.error} onRetry={() => void q.refetch()} />
        )
      ) : (
        <Details t={q.data} />
      )}
    </div>
  );
}
