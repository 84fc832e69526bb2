import { isApiError } from '@sojourn/api-client';

/** Paystack's currencies all have two minor digits (kobo, pesewas, cents). */
const MINOR_DIGITS = 2;
const SCALE = 10 ** MINOR_DIGITS;

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: string, compact: boolean): Intl.NumberFormat {
  const key = `${currency}:${compact}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: compact ? 0 : MINOR_DIGITS,
      maximumFractionDigits: MINOR_DIGITS,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Format an integer of minor units for people: 150050 NGN -> "₦1,500.50". `compact` drops ".00" on whole amounts
 * (for denominations and quick picks). Amounts stay integers everywhere else; only this divides.
 */
export function formatMoney(minor: number, currency = 'NGN', opts: { compact?: boolean } = {}): string {
  const compact = Boolean(opts.compact) && minor % SCALE === 0;
  return formatter(currency, compact).format(minor / SCALE);
}

/** "+₦1,000.00" for money in, "−₦1,000.00" for money out. */
export function formatSigned(minor: number, direction: 'credit' | 'debit', currency = 'NGN'): string {
  return `${direction === 'credit' ? '+' : '\u2212'}${formatMoney(Math.abs(minor), currency)}`;
}

/**
 * Read what a person typed as an amount in major units ("1,500", "1500.5", "₦ 2 000.75") into an integer of minor
 * units, without floating-point arithmetic. Returns null for anything that is not a non-negative amount with at most
 * two decimals.
 */
export function parseAmount(input: string): number | null {
  const s = input.replace(/[\s,\u00a0]/g, '').replace(/^[₦$€£]|^(NGN|GHS|KES|ZAR|USD)/i, '');
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = Number((m[2] ?? '').padEnd(MINOR_DIGITS, '0'));
  const minor = whole * SCALE + frac;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** The major-unit text of an amount for an input's value: 150050 -> "1500.50", 100000 -> "1000". */
export function toAmountInput(minor: number): string {
  const whole = Math.floor(minor / SCALE);
  const frac = minor % SCALE;
  return frac ? `${whole}.${String(frac).padStart(MINOR_DIGITS, '0')}` : String(whole);
}

/** True when the API refused a payment because the wallet does not hold enough. */
export function isInsufficientFunds(e: unknown): boolean {
  return isApiError(e) && e.code === 'insufficient_funds';
}

/** Gift-card codes are read in any case, with or without spaces and dashes: keep the 20 characters, upper-cased. */
export function normalizeGiftCode(input: string): string {
  return input.replace(/[\s\-\u2010-\u2015]/g, '').toUpperCase();
}

/** "ABCD1234..." -> "ABCD-1234-...", in groups of four for reading aloud. */
export function groupGiftCode(code: string): string {
  return (normalizeGiftCode(code).match(/.{1,4}/g) ?? []).join('-');
}
