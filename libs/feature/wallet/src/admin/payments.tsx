import { zodResolver } from '@hookform/resolvers/zod';
import { newIdempotencyKey } from '@sojourn/api-client';
import {
  applyServerErrors,
  Badge,
  Button,
  DataTable,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Form,
  FormAlert,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  Label,
  PageHeader,
  RadioGroup,
  RadioGroupItem,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
} from '@sojourn/ui';
import { formatDate, formatMoney, formatSigned, parseMoney } from '@sojourn/util';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useListFilters } from '@sojourn/routing';
import { PAYMENT_STATUSES, adminMoneyApi, adminMoneyKeys, type AdminPayment, type PaymentStatus } from '../api';
import type { PurposeLink } from '../routes';

const PER_PAGE = 20;

const STATUS: Record<PaymentStatus, { label: string; variant: 'warning' | 'success' | 'destructive' | 'secondary' | 'outline' }> = {
  pending: { label: 'Pending', variant: 'warning' },
  success: { label: 'Paid', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  abandoned: { label: 'Abandoned', variant: 'secondary' },
  refunded: { label: 'Refunded', variant: 'outline' },
  partially_refunded: { label: 'Partly refunded', variant: 'outline' },
};

const PURPOSE: Record<string, string> = { wallet_topup: 'Wallet top-up', gift_card: 'Gift card', order: 'Shop order', booking: 'Booking', subscription: 'Subscription' };

export const refundable = (p: AdminPayment) => (p.status === 'success' || p.status === 'partially_refunded') && p.refunded_amount < p.amount;

function refundSchema(left: number, currency: string) {
  return z
    .object({ kind: z.enum(['full', 'partial']), amount: z.string(), reason: z.string().trim().min(3, 'Give a reason of at least 3 characters; it is kept in the audit log.').max(500, 'Keep the reason under 500 characters.') })
    .superRefine((v, ctx) => {
      if (v.kind !== 'partial') return;
      const minor = parseMoney(v.amount, currency);
      if (minor === null || minor < 1) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount to refund.' });
      else if (minor > left) ctx.addIssue({ code: 'custom', path: ['amount'], message: `At most ${formatMoney(left, currency)} is left to refund.` });
    });
}
type RefundValues = z.infer<ReturnType<typeof refundSchema>>;

function RefundDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const queryClient = useQueryClient();
  const left = payment.amount - payment.refunded_amount;
  const schema = useMemo(() => refundSchema(left, payment.currency), [left, payment.currency]);
  const form = useForm<RefundValues>({ resolver: zodResolver(schema), defaultValues: { kind: 'full', amount: '', reason: '' } });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const [review, setReview] = useState<{ amount: number; reason: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const key = useRef('');

  const onSubmit = form.handleSubmit((v) => {
    key.current = newIdempotencyKey('refund');
    setFormError(null);
    setReview({ amount: v.kind === 'full' ? left : parseMoney(v.amount, payment.currency)!, reason: v.reason.trim() });
  });
  const confirm = async () => {
    if (!review) return;
    setPending(true);
    try {
      const body = kind === 'full' ? { reason: review.reason } : { amount: review.amount, reason: review.reason };
      await adminMoneyApi.refund(payment.reference, body, key.current);
      toast.success(`Refund of ${formatMoney(review.amount, payment.currency)} to ${payment.user.email} started.`);
      void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.paymentsAll });
      onClose();
    } catch (e) {
      setReview(null);
      setFormError(applyServerErrors(e, form.setError, ['amount', 'reason']));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{review ? 'Confirm the refund' : `Refund ${payment.reference}`}</DialogTitle>
          <DialogDescription>
            {review
              ? 'The ledger is reversed now and the card is refunded through Paystack. This cannot be undone.'
              : `Paid ${formatMoney(payment.amount, payment.currency)} by ${payment.user.email}; ${formatMoney(left, payment.currency)} can still be refunded.`}
          </DialogDescription>
        </DialogHeader>
        {review ? (
          <>
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Refund to card</dt>
                <dd className="font-semibold">{formatMoney(review.amount, payment.currency)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Payer</dt>
                <dd>{payment.user.email}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Reason</dt>
                <dd>{review.reason}</dd>
              </div>
            </dl>
            <DialogFooter>
              <Button variant="outline" onClick={() => setReview(null)} disabled={pending}>
                Back
              </Button>
              <Button variant="destructive" loading={pending} onClick={() => void confirm()}>
                Refund {formatMoney(review.amount, payment.currency)}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <FormAlert>{formError}</FormAlert>
              <FormField
                control={form.control}
                name="kind"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>How much</FormLabel>
                    <FormControl>
                      <RadioGroup value={field.value} onValueChange={field.onChange}>
                        <div className="flex items-center gap-2">
                          <RadioGroupItem id="refund-full" value="full" />
                          <Label htmlFor="refund-full" className="font-normal">
                            Everything left ({formatMoney(left, payment.currency)})
                          </Label>
                        </div>
                        <div className="flex items-center gap-2">
                          <RadioGroupItem id="refund-partial" value="partial" disabled={payment.purpose === 'gift_card'} />
                          <Label htmlFor="refund-partial" className="font-normal">
                            Part of it{payment.purpose === 'gift_card' ? ' (gift cards are refunded whole)' : ''}
                          </Label>
                        </div>
                      </RadioGroup>
                    </FormControl>
                  </FormItem>
                )}
              />
              {kind === 'partial' && (
                <FormField
                  control={form.control}
                  name="amount"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Amount to refund ({payment.currency})</FormLabel>
                      <FormControl>
                        <Input inputMode="decimal" autoComplete="off" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              )}
              <FormField
                control={form.control}
                name="reason"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Reason</FormLabel>
                    <FormControl>
                      <Textarea rows={3} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <DialogFooter>
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit">Review refund</Button>
              </DialogFooter>
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default function PaymentsPage({ purposeLink }: { purposeLink?: PurposeLink | undefined }) {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = (PAYMENT_STATUSES as string[]).includes(params.get('status') ?? '') ? (params.get('status') as PaymentStatus) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { update, search, setSearch } = useListFilters({ q, status, page: String(page) });
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

  const query = useQuery({
    queryKey: adminMoneyKeys.payments(status, q, page),
    queryFn: () => adminMoneyApi.payments({ page, per_page: PER_PAGE, status: status || undefined, q: q || undefined }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Payments" description="Every card payment through Paystack, with its payer and refunds. Refund a paid charge in full or in part; a booking's payment is refunded by cancelling the booking." />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="relative">
          <Label htmlFor="payment-search" className="sr-only">
            Search by reference or payer email
          </Label>
          <Search className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
          <Input id="payment-search" type="search" placeholder="Search by reference or payer email" className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Select value={status || 'any'} onValueChange={(v) => update({ status: v === 'any' ? '' : v, page: '1' })}>
          <SelectTrigger aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="any">Any status</SelectItem>
            {PAYMENT_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS[s].label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <DataTable
        caption="Payments"
        responsive="cards"
        rows={query.data?.data}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(p) => p.reference}
        page={page}
        perPage={PER_PAGE}
        total={query.data?.meta.total ?? 0}
        onPageChange={(p) => update({ page: String(p) })}
        empty={{ title: 'No payments match', description: q || status ? 'Try another search or clear the filter.' : 'Card payments appear here as members pay.' }}
        columns={[
          {
            key: 'ref',
            header: 'Payment',
            className: 'min-w-52',
            cell: (p) => (
              <span className="grid">
                <span className="font-medium">{p.reference}</span>
                <span className="text-xs text-muted-foreground">
                  {PURPOSE[p.purpose] ?? p.purpose} · {formatDate(p.paid_at ?? p.created_at)}
                </span>
              </span>
            ),
          },
          {
            key: 'payer',
            header: 'Payer',
            className: 'min-w-44',
            cell: (p) => (
              <span className="grid">
                <span>{p.user.username}</span>
                <span className="text-xs text-muted-foreground">{p.user.email}</span>
              </span>
            ),
          },
          {
            key: 'amount',
            header: 'Amount',
            className: 'whitespace-nowrap text-right',
            cell: (p) => (
              <span className="grid">
                <span className="font-medium">{formatMoney(p.amount, p.currency)}</span>
                {p.refunded_amount > 0 && <span className="text-xs text-muted-foreground">{formatSigned(p.refunded_amount, 'debit', p.currency)} refunded</span>}
              </span>
            ),
          },
          { key: 'status', header: 'Status', cell: (p) => <Badge variant={STATUS[p.status].variant}>{STATUS[p.status].label}</Badge> },
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            className: 'text-right',
            cell: (p) => {
              const elsewhere = p.purpose_id ? purposeLink?.(p.purpose, p.purpose_id) : null;
              if (elsewhere && p.status !== 'pending' && p.status !== 'failed' && p.status !== 'abandoned') {
                return (
                  <Button asChild variant="outline" size="sm">
                    <Link to={elsewhere.href} aria-label={`${elsewhere.label} of ${p.reference}`}>
                      {elsewhere.label}
                    </Link>
                  </Button>
                );
              }
              return refundable(p) ? (
                <Button variant="outline" size="sm" onClick={() => setRefunding(p)} aria-label={`Refund ${p.reference}`}>
                  Refund
                </Button>
              ) : p.failure_reason ? (
                <span className="text-xs text-muted-foreground">{p.failure_reason}</span>
              ) : null;
            },
          },
        ]}
      />
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
