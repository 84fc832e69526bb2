import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, isApiError, newIdempotencyKey } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorState,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  Skeleton,
  Textarea,
} from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { CheckCircle2, CreditCard, WalletMinimal } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { giftCardsApi, type GiftCard, type GiftCardProduct } from '../api';
import { GiftCardArt, productPriceLine } from '../components/gift-card-products';
import { RevealedCode } from '../components/money-bits';
import { useGiftCardProduct, useRefreshMoney, useWallet } from '../hooks';
import { isInsufficientFunds } from '../money';
import { payByCard } from '../paystack/pay';
import { GIFT_MESSAGE_MAX, giftCardAmount, giftCardSchema, type GiftCardValues } from '../schemas';

const tile =
  'flex cursor-pointer items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm font-medium transition-colors hover:bg-muted has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring';

function Confirmation({ card }: { card: GiftCard }) {
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader className="gap-3">
        <CheckCircle2 className="size-10 text-success" aria-hidden />
        <CardTitle as="h1" className="text-2xl">
          Gift card sent to {card.recipient_name}
        </CardTitle>
        <CardDescription className="text-base">
          {formatMoney(card.amount, card.currency)} was paid from your wallet. We have emailed the card to {card.recipient_email}
          {card.message ? ' with your message' : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {card.code && <RevealedCode code={card.code} recipientEmail={card.recipient_email} />}
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Card</dt>
            <dd className="font-medium">{card.product.name}</dd>
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
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/user-wallet">Back to your wallet</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/shop/Transactions">View transactions</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Gift cards are emailed in the buyer's name, so the API sends them only for a verified email address. */
function VerifyFirst() {
  return (
    <>
      Verify your email address before you send a gift card: we email the card to its recipient in your name, so we
      need to know the address is yours.{' '}
      <Link to="/user-settings" className="font-semibold underline">
        Verify it in your settings
      </Link>
      .
    </>
  );
}

function PurchaseForm({ product }: { product: GiftCardProduct }) {
  const wallet = useWallet();
  const refresh = useRefreshMoney();
  const navigate = useNavigate();
  const email = useAuthStore((s) => s.email ?? '');
  const unverified = useAuthStore((s) => s.user?.email_verified === false);
  const schema = useMemo(() => giftCardSchema(product), [product]);
  const balance = wallet.data?.balance ?? null;
  const form = useForm<GiftCardValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      denomination: product.amount_type === 'fixed' && product.denominations.length ? String(product.denominations[0]) : '',
      custom: '',
      recipient_name: '',
      recipient_email: '',
      message: '',
      pay_with: 'wallet',
    },
  });
  const [formError, setFormError] = useState<ReactNode>(null);
  const [card, setCard] = useState<GiftCard | null>(null);
  const [leaving, setLeaving] = useState(false);

  const values = form.watch();
  const amount = giftCardAmount(product, values);
  const walletShort = values.pay_with === 'wallet' && balance !== null && amount > 0 && amount > balance;

  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    const total = giftCardAmount(product, v);
    if (v.pay_with === 'wallet' && balance === null) {
      setFormError(
        <>
          Your wallet is not active yet. <Link to="/user-wallet" className="font-semibold underline">Activate it</Link> or pay by card.
        </>,
      );
      return;
    }
    try {
      const { data } = await giftCardsApi.purchase(
        {
          product_id: product.id,
          amount: total,
          recipient_name: v.recipient_name,
          recipient_email: v.recipient_email,
          ...(v.message ? { message: v.message } : {}),
          pay_with: v.pay_with,
        },
        newIdempotencyKey(),
      );
      if (data.card) {
        setCard(data.card);
        void refresh();
        window.scrollTo({ top: 0 });
        return;
      }
      if (data.payment) {
        const how = await payByCard(data.payment, {
          amount: total,
          currency: product.currency,
          email,
          returnPath: `/gift-card/${product.id}`,
          navigate,
          onClose: () => toast.info('The payment window was closed. Nothing was charged and no card was issued.'),
        });
        if (how === 'redirect') setLeaving(true);
      }
    } catch (e) {
      if (isApiError(e) && e.code === 'email_unverified') {
        setFormError(<VerifyFirst />);
        return;
      }
      if (isInsufficientFunds(e)) {
        void refresh();
        setFormError(
          <>
            Your wallet does not hold enough for this card. <Link to="/user-wallet?topup=1" className="font-semibold underline">Top up your wallet</Link> or pay by card.
          </>,
        );
        return;
      }
      if (isApiError(e)) {
        const map: Record<string, keyof GiftCardValues> = {
          amount: product.amount_type === 'fixed' ? 'denomination' : 'custom',
          recipient_email: 'recipient_email',
          recipient_name: 'recipient_name',
          message: 'message',
        };
        let placed = false;
        for (const [k, msg] of Object.entries(e.fields)) {
          const name = map[k];
          if (name) {
            form.setError(name, { type: 'server', message: msg });
            placed = true;
          }
        }
        if (placed) return;
      }
      setFormError(errorMessage(e));
    }
  });

  if (card) return <Confirmation card={card} />;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
      <div className="grid content-start gap-4">
        <GiftCardArt product={product} className="shadow-md" />
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{product.name}</h1>
          <p className="text-muted-foreground">{productPriceLine(product)}</p>
        </div>
        {product.description && <p className="text-sm leading-relaxed">{product.description}</p>}
        <p className="text-sm text-muted-foreground">
          The card arrives by email with a code the recipient redeems into their Sojourn wallet. It is valid for 12 months.
        </p>
      </div>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="grid gap-5">
              <FormAlert>{formError ?? (unverified ? <VerifyFirst /> : null)}</FormAlert>
              {product.amount_type === 'fixed' ? (
                <FormField
                  control={form.control}
                  name="denomination"
                  render={({ field }) => (
                    <FormItem>
                      <span className="text-sm font-medium">Amount</span>
                      <FormControl>
                        <RadioGroup value={field.value} onValueChange={field.onChange} aria-label="Amount" className="grid-cols-2 sm:grid-cols-3">
                          {product.denominations.map((d) => (
                            <Label key={d} className={tile}>
                              <RadioGroupItem value={String(d)} />
                              {formatMoney(d, product.currency, { compact: true })}
                            </Label>
                          ))}
                        </RadioGroup>
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              ) : (
                <FormField
                  control={form.control}
                  name="custom"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Amount ({product.currency})</FormLabel>
                      <FormControl>
                        <Input inputMode="decimal" autoComplete="off" placeholder="25000" {...field} />
                      </FormControl>
                      <FormDescription>Any amount from {productPriceLine(product)}.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="recipient_name"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Recipient's name</FormLabel>
                      <FormControl>
                        <Input autoComplete="off" placeholder="Chiamaka Eze" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="recipient_email"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Recipient's email</FormLabel>
                      <FormControl>
                        <Input type="email" autoComplete="off" placeholder="chiamaka@example.com" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
              <FormField
                control={form.control}
                name="message"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Message (optional)</FormLabel>
                    <FormControl>
                      <Textarea rows={3} placeholder="Happy birthday! Book yourself a weekend somewhere quiet." {...field} />
                    </FormControl>
                    <FormDescription>
                      {field.value.length}/{GIFT_MESSAGE_MAX} characters, sent with the card.
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="pay_with"
                render={({ field }) => (
                  <FormItem>
                    <span className="text-sm font-medium">Pay with</span>
                    <FormControl>
                      <RadioGroup value={field.value} onValueChange={field.onChange} aria-label="Pay with" className="sm:grid-cols-2">
                        <Label className={tile}>
                          <RadioGroupItem value="wallet" />
                          <WalletMinimal className="size-4 text-primary" aria-hidden />
                          <span className="grid">
                            Wallet
                            <span className="text-xs font-normal text-muted-foreground">
                              {balance === null ? 'Not activated yet' : `Balance ${formatMoney(balance, product.currency)}`}
                            </span>
                          </span>
                        </Label>
                        <Label className={tile}>
                          <RadioGroupItem value="paystack" />
                          <CreditCard className="size-4 text-primary" aria-hidden />
                          <span className="grid">
                            Card
                            <span className="text-xs font-normal text-muted-foreground">Through Paystack</span>
                          </span>
                        </Label>
                      </RadioGroup>
                    </FormControl>
                    {walletShort && (
                      <p className="text-sm text-warning">
                        Your balance is short by {formatMoney(amount - (balance ?? 0), product.currency)}.{' '}
                        <Link to="/user-wallet?topup=1" className="font-semibold underline">
                          Top up
                        </Link>{' '}
                        or pay by card.
                      </p>
                    )}
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm">
                  Total <span className="text-lg font-semibold tabular-nums">{amount > 0 ? formatMoney(amount, product.currency) : '—'}</span>
                </p>
                <Button type="submit" size="lg" loading={form.formState.isSubmitting || leaving} disabled={walletShort}>
                  {leaving ? 'Opening Paystack…' : values.pay_with === 'wallet' ? 'Buy with wallet' : 'Pay by card'}
                </Button>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

export default function GiftCardPage() {
  const { productId = '' } = useParams();
  const q = useGiftCardProduct(productId);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      {q.isPending ? (
        <div className="grid gap-8 lg:grid-cols-2">
          <Skeleton className="aspect-[8/5] w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : q.isError ? (
        isApiError(q.error) && q.error.status === 404 ? (
          <EmptyState
            title="This gift card is not on sale"
            description="It may have been withdrawn. Choose another card from your wallet page."
            action={
              <Button asChild>
                <Link to="/user-wallet">See gift cards</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState title="Could not load this gift card" error={q.error} onRetry={() => void q.refetch()} />
        )
      ) : (
        <PurchaseForm key={q.data.id} product={q.data} />
      )}
    </div>
  );
}
