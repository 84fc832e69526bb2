/**
 * Money in the portals: amounts are integers of minor units (kobo for NGN) everywhere; only formatting divides, and
 * parsing reads the typed digits without floating-point arithmetic.
 */

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, compact = false): Intl.NumberFormat {
  const key = `${currency}:${compact}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      ...(compact ? { minimumFractionDigits: 0 } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

/** Number of minor-unit digits of a currency (2 for NGN, GHS, KES, ZAR, USD: kobo, pesewas, cents). */
export function minorDigits(currency = 'NGN'): number {
  return formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Format an integer of minor units for people: 150050 NGN -> "₦1,500.50". `compact` drops ".00" on whole amounts
 * (for denominations and quick picks), never on fractions.
 */
export function formatMoney(minor: number, currency = 'NGN', opts: { compact?: boolean } = {}): string {
  const scale = 10 ** minorDigits(currency);
  const compact = Boolean(opts.compact) && minor % scale === 0;
  return formatter(currency, compact).format(minor / scale);
}

/** A signed amount for history lists: "+₦1,000.00" for money in, "−₦1,000.00" (U+2212) for money out. */
export function formatSigned(minor: number, direction: 'credit' | 'debit', currency = 'NGN'): string {
  return `${direction === 'credit' ? '+' : '\u2212'}${formatMoney(Math.abs(minor), currency)}`;
}

/** A leading currency symbol ("₦", "$", "GH₵", "KSh", "R") or ISO code ("NGN", "usd"). */
const CURRENCY_PREFIX = /^(?:GH₵|KSh|[A-Z]{3}(?=[\d.])|R(?=[\d.])|\p{Sc})/iu;

/**
 * Read an amount a person typed in major units ("1,500", "1500.5", ".5", "10.", "₦ 2 000.75", "NGN 1,250.00") as an
 * integer of minor units, without floating-point arithmetic. Returns null for anything that is not a non-negative
 * amount with at most the currency's decimals.
 */
export function parseMoney(input: string, currency = 'NGN'): number | null {
  const s = input.replace(/[\s,]/g, '').replace(CURRENCY_PREFIX, '');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const [, whole = '', frac = ''] = m;
  if (!whole && !frac) return null;
  const digits = minorDigits(currency);
  if (frac.length > digits) return null;
  const minor = Number(whole || '0') * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the plain major-unit text an input shows: 150050 -> "1500.50", 100000 -> "1000". */
export function toMajorInput(minor: number, currency = 'NGN'): string {
  const digits = minorDigits(currency);
  const whole = Math.floor(minor / 10 ** digits);
  const frac = minor % 10 ** digits;
  return frac ? `${whole}.${String(frac).padStart(digits, '0')}` : String(whole);
}
