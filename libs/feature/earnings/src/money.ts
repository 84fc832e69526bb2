/** Money in the portals: amounts are integers in minor units (kobo for NGN) everywhere; only the UI formats them. */

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-NG', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    formatters.set(currency, f);
  }
  return f;
}

/** Number of minor-unit digits of a currency (2 for NGN, GHS, KES, ZAR, USD). */
export function minorDigits(currency: string): number {
  return formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Format minor units for people: 2500000 NGN -> "₦25,000.00". */
export function formatMoney(minor: number, currency = 'NGN'): string {
  return formatter(currency).format(minor / 10 ** minorDigits(currency));
}

/** A signed amount for history lists: "+₦250.00" / "−₦250.00". */
export function formatSigned(minor: number, direction: 'credit' | 'debit', currency = 'NGN'): string {
  return `${direction === 'credit' ? '+' : '−'}${formatMoney(Math.abs(minor), currency)}`;
}

/**
 * Read an amount a person typed in major units ("25,000", "25000.5", "₦ 1,250.00") as minor units.
 * Returns null when it is not a plain non-negative number with at most the currency's decimals.
 */
export function parseMoney(input: string, currency = 'NGN'): number | null {
  const cleaned = input.replace(/[\s,]/g, '').replace(/^[^\d.-]+/, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned) && !/^\.\d+$/.test(cleaned)) return null;
  const digits = minorDigits(currency);
  const [whole = '0', frac = ''] = cleaned.split('.');
  if (frac.length > digits) return null;
  const minor = Number(whole || '0') * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the plain major-unit text an input shows: 250000 -> "2500", 250050 -> "2500.50". */
export function toMajorInput(minor: number, currency = 'NGN'): string {
  const digits = minorDigits(currency);
  const whole = Math.floor(minor / 10 ** digits);
  const frac = minor % 10 ** digits;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(digits, '0')}`;
}

/** A fresh Idempotency-Key for one money-moving submit. */
export function newIdempotencyKey(prefix: string): string {
  const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}-${id}`;
}
