import { describe, expect, it } from 'vitest';
import { apiQuery, effectiveSort, facetCount, filtersFromParams, filtersToParams, listingHref, withFilter } from './filters';
import { remember, RECENT_MAX, type RecentProduct } from './recent';
import { buildMatrix, choose, combinations, duplicateSkus, initialSelection, optionProblems, optionsFromVariants, valueStatus, variantFor, type VariantRow } from './variants';

describe('the listing address', () => {
  it('reads every facet and writes it back in the same order', () => {
    const qs = 'q=linen+shirt&category=c1&min_price=5000&max_price=20000&min_rating=4&store=s_9&in_stock=true&luxury=true&sort=price_asc';
    const f = filtersFromParams(new URLSearchParams(qs));
    expect(f).toEqual({ q: 'linen shirt', category: 'c1', min_price: 5000, max_price: 20000, min_rating: 4, store: 's_9', in_stock: true, luxury: true, sort: 'price_asc' });
    expect(filtersToParams(f).toString()).toBe(qs);
    expect(facetCount(f)).toBe(6);
  });
  it('drops what is malformed instead of failing', () => {
    const f = filtersFromParams(new URLSearchParams('q=%00bag%01&category=../x&min_price=-4&max_price=abc&min_rating=9&in_stock=yes&sort=cheapest&store=' + 'a'.repeat(80)));
    expect(f).toEqual({ q: 'bag', min_rating: 5 });
  });
  it('swaps a reversed price range and keeps a zero maximum', () => {
    expect(filtersFromParams(new URLSearchParams('min_price=900&max_price=100'))).toEqual({ min_price: 100, max_price: 900 });
    expect(filtersFromParams(new URLSearchParams('max_price=0'))).toEqual({ max_price: 0 });
  });
  it('sorts by relevance only when there are words to match', () => {
    expect(effectiveSort({})).toBe('newest');
    expect(effectiveSort({ q: 'hat' })).toBe('relevance');
    expect(effectiveSort({ sort: 'relevance' })).toBe('newest');
    expect(effectiveSort({ q: 'hat', sort: 'rating' })).toBe('rating');
    // The default sort is left out of the address.
    expect(listingHref({ q: 'hat', sort: 'relevance' })).toBe('/shop/Listing?q=hat');
    expect(listingHref({ sort: 'newest' })).toBe('/shop/Listing');
  });
  it('clears a filter by setting it empty, and drops relevance when the words go', () => {
    expect(withFilter({ q: 'hat', sort: 'relevance', luxury: true }, { q: '', luxury: false })).toEqual({});
    expect(withFilter({ category: 'a' }, { category: 'b', in_stock: true })).toEqual({ category: 'b', in_stock: true });
  });
  it('sends prices to the API in kobo', () => {
    expect(apiQuery({ min_price: 5000, max_price: 0, luxury: true })).toMatchObject({ min_price: 500000, max_price: 0, luxury: true, in_stock: undefined, sort: 'newest' });
  });
});

const options = [
  { name: 'Colour', values: ['Blue', 'Red'] },
  { name: 'Size', values: ['S', 'M', 'L'] },
];
const variants = [
  { id: 'bs', values: ['Blue', 'S'], available: 0 },
  { id: 'bm', values: ['Blue', 'M'], available: 3 },
  { id: 'bl', values: ['Blue', 'L'], available: 1 },
  { id: 'rs', values: ['Red', 'S'], available: 2 },
  { id: 'rm', values: ['Red', 'M'], available: 0 },
];

describe('the variant picker', () => {
  it('opens on the first variant in stock, or the one asked for', () => {
    expect(initialSelection(options, variants)).toEqual(['Blue', 'M']);
    expect(initialSelection(options, variants, 'rm')).toEqual(['Red', 'M']);
    expect(initialSelection([], [{ id: 'only', values: [], available: 0 }])).toEqual([]);
  });
  it('finds the variant of a full selection, and the single variant without options', () => {
    expect(variantFor(options, variants, ['Red', 'S'])?.id).toBe('rs');
    expect(variantFor(options, variants, ['Red', 'L'])).toBeUndefined();
    expect(variantFor(options, variants, ['Red', null])).toBeUndefined();
    expect(variantFor([], [{ id: 'one', values: [], available: 1 }], [])?.id).toBe('one');
  });
  it('tells each value as available, sold out or not made with the other choices', () => {
    expect(valueStatus(variants, ['Red', 'M'], 1, 'S')).toBe('available');
    expect(valueStatus(variants, ['Red', 'M'], 1, 'M')).toBe('sold_out');
    expect(valueStatus(variants, ['Red', 'M'], 1, 'L')).toBe('none');
    expect(valueStatus(variants, ['Blue', 'S'], 0, 'Red')).toBe('available');
  });
  it('moves the other options to the closest variant when a choice breaks the combination', () => {
    expect(choose(options, variants, ['Blue', 'M'], 1, 'S')).toEqual(['Blue', 'S']);
    // Red in L does not exist: the size moves to one that does, in stock first.
    expect(choose(options, variants, ['Blue', 'L'], 0, 'Red')).toEqual(['Red', 'S']);
  });
});

const row = (values: string[], extra: Partial<VariantRow> = {}): VariantRow => ({ values, sku: '', price: '100', compareAt: '', stock: '1', weight: '200', ...extra });

describe('the variant grid', () => {
  it('makes every combination, and one for a product without options', () => {
    expect(combinations(options)).toHaveLength(6);
    expect(combinations(options)[4]).toEqual(['Red', 'M']);
    expect(combinations([])).toEqual([[]]);
    expect(combinations([{ name: 'Size', values: [] }])).toEqual([[]]);
  });
  it('keeps the rows of combinations that remain and starts new ones from the first row', () => {
    const rows = [row(['Blue'], { sku: 'B', stock: '5', price: '2500' }), row(['Red'], { sku: 'R' })];
    const next = buildMatrix([{ name: 'Colour', values: ['Blue', 'Red', 'Green'] }], rows);
    expect(next.map((r) => r.sku)).toEqual(['B', 'R', '']);
    expect(next[2]).toMatchObject({ values: ['Green'], price: '2500', stock: '0', weight: '200' });
    const removed = buildMatrix([{ name: 'Colour', values: ['Red'] }], rows);
    expect(removed).toEqual([rows[1]]);
  });
  it('keeps rows in place when a value is only renamed', () => {
    const before = [{ name: 'Colour', values: ['Blue', 'Red'] }];
    const rows = [row(['Blue'], { sku: 'B', id: 'v1' }), row(['Red'], { sku: 'R', id: 'v2' })];
    const next = buildMatrix([{ name: 'Colour', values: ['Navy', 'Red'] }], rows, before);
    expect(next.map((r) => [r.id, r.sku, r.values[0]])).toEqual([
      ['v1', 'B', 'Navy'],
      ['v2', 'R', 'Red'],
    ]);
  });
  it('names what is wrong with the options and the SKUs', () => {
    expect(optionProblems(options)).toEqual([]);
    expect(optionProblems([{ name: '', values: ['a'] }, { name: 'size', values: ['S', 's'] }, { name: 'Size', values: [] }])).toEqual([
      'Option 1 needs a name, such as Colour or Size.',
      'size lists s twice.',
      'Two options are called Size.',
      'Size needs at least one value.',
    ]);
    const many = Array.from({ length: 11 }, (_, i) => String(i));
    expect(optionProblems([{ name: 'A', values: many }, { name: 'B', values: many }])).toEqual(['These options make 121 variants; the most is 100.']);
    expect(duplicateSkus([row([], { sku: 'ab-1' }), row([], { sku: 'AB-1 ' }), row([], { sku: '' }), row([], { sku: '' })])).toEqual(['AB-1']);
  });
  it('reads the options back from saved variants', () => {
    expect(optionsFromVariants(['Colour', 'Size'], variants)).toEqual([
      { name: 'Colour', values: ['Blue', 'Red'] },
      { name: 'Size', values: ['S', 'M', 'L'] },
    ]);
  });
});

describe('recently viewed', () => {
  it('puts a product first once and keeps the newest', () => {
    const p = (id: string): RecentProduct => ({ id, title: id, photoUrl: null, price: 1, currency: 'NGN' });
    let list = [p('a'), p('b')];
    list = remember(list, p('b'));
    expect(list.map((x) => x.id)).toEqual(['b', 'a']);
    for (let i = 0; i < 20; i++) list = remember(list, p(`x${i}`));
    expect(list).toHaveLength(RECENT_MAX);
    expect(list[0]?.id).toBe('x19');
  });
});

describe('the description marks', () => {
  it('turns paragraphs, bold, italic and lists into HTML, escaping the rest', async () => {
    const { toHtml } = await import('./richtext');
    expect(toHtml('Soft **linen** shirt, *hand* made.\nSecond line\n\n- Breathable\n- 100% <cotton>\n\nEnd')).toBe(
      '<p>Soft <strong>linen</strong> shirt, <em>hand</em> made.<br>Second line</p><ul><li>Breathable</li><li>100% &lt;cotton&gt;</li></ul><p>End</p>',
    );
    expect(toHtml('')).toBe('');
  });
  it('reads saved HTML back into the same marks', async () => {
    const { fromHtml, toHtml } = await import('./richtext');
    const text = 'Soft **linen** shirt, *hand* made.\n\n- Breathable\n- Cool & light';
    expect(fromHtml(toHtml(text))).toBe(text);
    expect(fromHtml('<p>Hi <b>there</b></p><script>x</script><h2>Care</h2>')).toBe('Hi **there**\n\nCare');
    expect(fromHtml('plain words')).toBe('plain words');
  });
  it('marks the selection of the textarea', async () => {
    const { applyMark } = await import('./richtext');
    expect(applyMark('a soft shirt', 2, 6, 'bold')).toEqual({ text: 'a **soft** shirt', start: 4, end: 8 });
    expect(applyMark('one\ntwo', 0, 7, 'list').text).toBe('- one\n- two');
    expect(applyMark('x', 1, 1, 'italic').text).toBe('x*italic text*');
  });
});

describe('the delivery estimate', () => {
  it('counts calendar days from today and names one date when the window is one day', async () => {
    const { deliveryWindow, sortMethods } = await import('./delivery');
    const today = new Date(2026, 10, 24, 10);
    expect(deliveryWindow({ min_days: 2, max_days: 5 }, today)).toBe('Arrives Thu 26 Nov – Sun 29 Nov');
    expect(deliveryWindow({ min_days: 1, max_days: 1 }, today)).toBe('Arrives Wed 25 Nov');
    expect(deliveryWindow({ min_days: 0, max_days: 0 }, today)).toBe('Arrives today');
    expect(deliveryWindow({ min_days: 30, max_days: 45 }, today)).toBe('Arrives Thu 24 Dec 2026 – Fri 8 Jan 2027');
    const m = (code: string, fee: number, max: number) => ({ code, label: code, fee: { amount: fee, currency: 'NGN' }, min_days: 1, max_days: max });
    expect(sortMethods([m('slow', 100, 7), m('fast', 900, 2), m('cheapfast', 500, 2)]).map((x) => x.code)).toEqual(['cheapfast', 'fast', 'slow']);
  });
});

describe('the grid as the API takes it', () => {
  it('sends prices in kobo with the option values by name, and names each bad cell', async () => {
    const { rowsToVariants } = await import('./variants');
    const { parseMoney } = await import('@sojourn/util');
    const opts = [{ name: 'Size', values: ['S', 'M'] }];
    const good = rowsToVariants(opts, [row(['S'], { id: 'v1', sku: 'TEE-S', price: '2,500', compareAt: '3000', stock: '4', weight: '' }), row(['M'], { price: '2500.50' })], false, (s) => parseMoney(s));
    expect(good.problems).toEqual({});
    expect(good.variants).toEqual([
      { id: 'v1', options: { Size: 'S' }, sku: 'TEE-S', price: 250000, compare_at: 300000, stock: 4, weight_grams: 0 },
      { options: { Size: 'M' }, sku: '', price: 250050, compare_at: 0, stock: 1, weight_grams: 200 },
    ]);
    const bad = rowsToVariants(opts, [row(['S'], { price: '', compareAt: '50', stock: '-1', sku: 'A B' }), row(['M'], { price: '10', compareAt: '5', weight: 'heavy' })], false, (s) => parseMoney(s));
    expect(Object.keys(bad.problems).sort()).toEqual(['0.price', '0.sku', '0.stock', '1.compareAt', '1.weight']);
    expect(bad.problems['1.compareAt']).toBe('The compare-at price of M must be above its price (or empty).');
    // A price on request may leave the price empty.
    expect(rowsToVariants([], [row([], { price: '' })], true, (s) => parseMoney(s)).problems).toEqual({});
    expect(rowsToVariants([], [row([], { sku: 'x' }), row([], { sku: 'X' })], false, (s) => parseMoney(s)).problems).toEqual({ '1.sku': 'The SKU X is used twice.' });
  });
});

describe('a shelf of many sellers', () => {
  it('keeps at most so many products per store, in order', async () => {
    const { diversify } = await import('./filters');
    const p = (id: string, store: string) => ({ id, store: { id: store } });
    const list = [p('1', 'a'), p('2', 'a'), p('3', 'a'), p('4', 'b'), p('5', 'c'), p('6', 'b'), p('7', 'b')];
    expect(diversify(list, 2, 10).map((x) => x.id)).toEqual(['1', '2', '4', '5', '6']);
    expect(diversify(list, 1, 2).map((x) => x.id)).toEqual(['1', '4']);
  });
});
