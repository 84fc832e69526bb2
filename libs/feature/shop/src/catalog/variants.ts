/**
 * Variants as options × values. A product has up to three options (Colour, Size…), each with its values; a variant is
 * one combination (its values in the options' order), or the single variant with no values of a product without
 * options. The shopper's picker and the vendor's grid both work on this shape.
 */
export interface ProductOption {
  name: string;
  values: string[];
}

export interface VariantLike {
  id: string;
  /** One value per option, in the options' order. */
  values: string[];
  /** Units that can still be bought (stock − reserved). */
  available: number;
}

export const MAX_OPTIONS = 3;
export const MAX_VALUES = 20;
export const MAX_VARIANTS = 100;

/** "Blue / M"; empty for the single variant of a product without options. */
export const variantTitle = (values: string[]) => values.join(' / ');

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// ---------------------------------------------------------------------------------------------------------------------
// The shopper's picker

/** The chosen value of each option (null while none is chosen). */
export type Selection = (string | null)[];

/** What the page opens on: the first variant in stock, else the first variant, else nothing chosen. */
export function initialSelection(options: ProductOption[], variants: VariantLike[], preferId?: string | null): Selection {
  const v = variants.find((x) => x.id === preferId) ?? variants.find((x) => x.available > 0) ?? variants[0];
  return options.map((_, i) => v?.values[i] ?? null);
}

/** The variant of a complete selection, if that combination exists. */
export function variantFor<V extends VariantLike>(options: ProductOption[], variants: V[], sel: Selection): V | undefined {
  if (options.length === 0) return variants[0];
  if (sel.some((s) => s === null)) return undefined;
  return variants.find((v) => options.every((_, i) => v.values[i] === sel[i]));
}

export type ValueStatus = 'available' | 'sold_out' | 'none';

/**
 * How a value of option `i` stands given the other options chosen: some variant with it is in stock ("available"),
 * they all are sold out ("sold_out"), or no variant combines it with the other choices ("none").
 */
export function valueStatus(variants: VariantLike[], sel: Selection, i: number, value: string): ValueStatus {
  const matching = variants.filter((v) => v.values[i] === value && sel.every((s, j) => j === i || s === null || v.values[j] === s));
  if (matching.length === 0) return 'none';
  return matching.some((v) => v.available > 0) ? 'available' : 'sold_out';
}

/**
 * Chooses `value` for option `i`. When that breaks the combination (no variant has the new value with the other
 * choices), the other options move to the closest variant that has it: the one keeping most earlier choices, in stock first.
 */
export function choose(options: ProductOption[], variants: VariantLike[], sel: Selection, i: number, value: string): Selection {
  const next = [...sel];
  next[i] = value;
  if (variantFor(options, variants, next)) return next;
  const candidates = variants.filter((v) => v.values[i] === value);
  if (candidates.length === 0) return next;
  const score = (v: VariantLike) => {
    let s = v.available > 0 ? 1 : 0;
    sel.forEach((c, j) => {
      if (j !== i && c !== null && v.values[j] === c) s += 2 ** (options.length - j + 1);
    });
    return s;
  };
  const best = candidates.reduce((a, b) => (score(b) > score(a) ? b : a));
  return options.map((_, j) => best.values[j] ?? null);
}

// ---------------------------------------------------------------------------------------------------------------------
// The vendor's grid

/** One row of the editor's variant grid: money and numbers as the person typed them. */
export interface VariantRow {
  /** The saved variant's id (absent for a new combination). */
  id?: string;
  values: string[];
  sku: string;
  price: string;
  compareAt: string;
  stock: string;
  weight: string;
}

/** Every combination of the options' values, in order (one empty combination when there are no options). */
export function combinations(options: ProductOption[]): string[][] {
  const used = options.filter((o) => o.name.trim() && o.values.length > 0);
  return used.reduce<string[][]>((acc, o) => acc.flatMap((c) => o.values.map((v) => [...c, v])), [[]]);
}

const keyOf = (values: string[]) => values.map((v) => v.trim().toLowerCase()).join('\u241f');

/**
 * The grid after the options changed: a combination that existed keeps its row (SKU, price, stock…); when only a
 * value was renamed (same number of options and values) rows keep their place; new combinations start from `blank`
 * (the first row's price and weight, so a vendor adding a size does not retype them).
 */
export function buildMatrix(options: ProductOption[], rows: VariantRow[], before?: ProductOption[]): VariantRow[] {
  const combos = combinations(options);
  const byKey = new Map(rows.map((r) => [keyOf(r.values), r]));
  const shapeKept =
    before !== undefined &&
    before.length === options.length &&
    before.every((o, i) => o.values.length === options[i]?.values.length) &&
    rows.length === combos.length;
  const first = rows[0];
  const blank = (values: string[]): VariantRow => ({ values, sku: '', price: first?.price ?? '', compareAt: first?.compareAt ?? '', stock: '0', weight: first?.weight ?? '' });
  return combos.map((values, i) => {
    const kept = byKey.get(keyOf(values)) ?? (shapeKept ? rows[i] : undefined);
    return kept ? { ...kept, values } : blank(values);
  });
}

/** What stops the options from being saved, in words (empty when they are fine). */
export function optionProblems(options: ProductOption[]): string[] {
  const out: string[] = [];
  if (options.length > MAX_OPTIONS) out.push(`A product has at most ${MAX_OPTIONS} options.`);
  options.forEach((o, i) => {
    const name = o.name.trim() || `Option ${i + 1}`;
    if (!o.name.trim()) out.push(`Option ${i + 1} needs a name, such as Colour or Size.`);
    if (options.some((p, j) => j < i && p.name.trim() && same(p.name, o.name))) out.push(`Two options are called ${name}.`);
    if (o.values.length === 0) out.push(`${name} needs at least one value.`);
    if (o.values.length > MAX_VALUES) out.push(`${name} has more than ${MAX_VALUES} values.`);
    const dup = o.values.find((v, j) => o.values.some((w, k) => k < j && same(v, w)));
    if (dup) out.push(`${name} lists ${dup} twice.`);
  });
  const n = combinations(options).length;
  if (n > MAX_VARIANTS) out.push(`These options make ${n} variants; the most is ${MAX_VARIANTS}.`);
  return out;
}

/** SKUs used by more than one row (blank SKUs are allowed). */
export function duplicateSkus(rows: VariantRow[]): string[] {
  const seen = new Map<string, number>();
  for (const r of rows) {
    const s = r.sku.trim().toUpperCase();
    if (s) seen.set(s, (seen.get(s) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([s]) => s);
}

/** The options that a saved product's variants imply, values in the order they first appear. */
export function optionsFromVariants(names: string[], variants: { values: string[] }[]): ProductOption[] {
  return names.map((name, i) => ({ name, values: [...new Set(variants.map((v) => v.values[i]).filter((x): x is string => Boolean(x)))] }));
}

/** A variant as the API takes it (CatalogProductInput.variants). */
export interface VariantInput {
  id?: string;
  options: Record<string, string>;
  sku: string;
  price: number;
  compare_at: number;
  stock: number;
  weight_grams: number;
}

const MAX_PRICE_MINOR = 100_000_000_000;

/**
 * The grid's rows as the API's variants, or the problems per cell (keyed `row.field`). A product with a price on
 * request may leave prices empty (sent as 0).
 */
export function rowsToVariants(options: ProductOption[], rows: VariantRow[], priceOnRequest: boolean, parseMoney: (s: string) => number | null): { variants: VariantInput[]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const variants = rows.map((r, i) => {
    const name = variantTitle(r.values) || 'the product';
    const price = r.price.trim() === '' && priceOnRequest ? 0 : parseMoney(r.price);
    if (price === null || price > MAX_PRICE_MINOR) problems[`${i}.price`] = r.price.trim() ? `The price of ${name} is not an amount.` : `Give ${name} a price.`;
    const compare = r.compareAt.trim() === '' ? 0 : parseMoney(r.compareAt);
    if (compare === null || compare > MAX_PRICE_MINOR) problems[`${i}.compareAt`] = `The compare-at price of ${name} is not an amount.`;
    else if (compare > 0 && price !== null && compare <= price) problems[`${i}.compareAt`] = `The compare-at price of ${name} must be above its price (or empty).`;
    const stock = /^\d{1,7}$/.test(r.stock.trim()) ? Number(r.stock.trim()) : NaN;
    if (!(stock >= 0 && stock <= 1_000_000)) problems[`${i}.stock`] = `The stock of ${name} is a whole number from 0 to 1,000,000.`;
    const weight = r.weight.trim() === '' ? 0 : /^\d{1,6}$/.test(r.weight.trim()) ? Number(r.weight.trim()) : NaN;
    if (!(weight >= 0 && weight <= 100_000)) problems[`${i}.weight`] = `The weight of ${name} is in grams, from 0 to 100,000.`;
    if (!/^[A-Za-z0-9._-]{0,40}$/.test(r.sku.trim())) problems[`${i}.sku`] = `The SKU of ${name} may use letters, digits, dots, dashes and underscores (up to 40).`;
    const opts: Record<string, string> = {};
    options.forEach((o, j) => {
      const v = r.values[j];
      if (o.name.trim() && v !== undefined) opts[o.name.trim()] = v;
    });
    return { ...(r.id ? { id: r.id } : {}), options: opts, sku: r.sku.trim(), price: price ?? 0, compare_at: compare ?? 0, stock: Number.isNaN(stock) ? 0 : stock, weight_grams: Number.isNaN(weight) ? 0 : weight };
  });
  for (const sku of duplicateSkus(rows)) {
    const i = rows.findIndex((r, k) => k > rows.findIndex((x) => x.sku.trim().toUpperCase() === sku) && r.sku.trim().toUpperCase() === sku);
    problems[`${i}.sku`] = `The SKU ${sku} is used twice.`;
  }
  return { variants, problems };
}
