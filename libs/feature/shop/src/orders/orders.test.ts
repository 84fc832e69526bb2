import { ApiError } from '@sojourn/api-client';
import { describe, expect, it } from 'vitest';
import { addressBody, addressSchema, addressDefaults } from './address-schema';
import type { OrderLine } from './api';
import { pickAddress, shippingFor } from './checkout-store';
import { flattenCategories, percentText, ruleBody, ruleDefaults } from './commission';
import { barHeights } from './components/revenue-chart';
import { canCancel, canRefund, canRequestReturn, estimateText, groupBySeller, maxQuantity, progressIndex, refundableQuantity, returnableQuantity } from './format';
import { selectedLines } from './lines-selection';
import { checkoutProblem } from './pages/payment';

const ngn = (amount: number) => ({ amount, currency: 'NGN' });
const line = (id: string, quantity: number, refunded = 0, ret = 0): OrderLine => ({
  id,
  variant_id: `v-${id}`,
  product_id: `p-${id}`,
  title: `Item ${id}`,
  variant_title: '',
  sku: '',
  photo_url: '',
  quantity,
  unit_price: ngn(1000),
  total: ngn(1000 * quantity),
  refunded_quantity: refunded,
  return_quantity: ret,
});

describe('the cart', () => {
  it('groups lines by seller in the order sellers first appear', () => {
    const s = (id: string) => ({ id, name: id.toUpperCase() });
    const groups = groupBySeller([
      { n: 1, store: s('b') },
      { n: 2, store: s('a') },
      { n: 3, store: s('b') },
    ]);
    expect(groups.map((g) => [g.store.id, g.items.map((i) => i.n)])).toEqual([
      ['b', [1, 3]],
      ['a', [2]],
    ]);
  });

  it('bounds the stepper by stock and 99, never below 1', () => {
    expect(maxQuantity({ available: 3 })).toBe(3);
    expect(maxQuantity({ available: 500 })).toBe(99);
    expect(maxQuantity({ available: 0 })).toBe(1);
  });
});

describe('the checkout choices', () => {
  const book = [
    { id: 'a', is_default: false },
    { id: 'b', is_default: true },
  ];
  it('keeps the chosen address while it exists, else the default, else the first', () => {
    expect(pickAddress(book, 'a')?.id).toBe('a');
    expect(pickAddress(book, 'gone')?.id).toBe('b');
    expect(pickAddress(book, null)?.id).toBe('b');
    expect(pickAddress([{ id: 'x', is_default: false }], null)?.id).toBe('x');
    expect(pickAddress([], 'a')).toBeNull();
  });

  it('drops the methods of stores that left the cart', () => {
    expect(shippingFor(['s1', 's2'], { s1: 'express', s3: 'standard' })).toEqual({ s1: 'express' });
  });

  it('reads a refused checkout by its code', () => {
    const e = (code: string, status = 409) => new ApiError({ status, code: code as never, message: 'No.' });
    expect(checkoutProblem(e('price_changed'))).toMatchObject({ requote: true, toCart: false });
    expect(checkoutProblem(e('out_of_stock'))).toMatchObject({ requote: true, toCart: true });
    expect(checkoutProblem(e('insufficient_funds')).text).toMatch(/top it up, or pay by card/);
    expect(checkoutProblem(e('validation_failed', 422))).toEqual({ text: 'No.', requote: false, toCart: false });
  });
});

describe('an address', () => {
  it('is trimmed and checked as the API does', () => {
    const v = { ...addressDefaults(null, 'Ada Obi'), phone: ' +234 803 000 0000 ', line1: ' 12 Marina ', city: 'Lagos' };
    expect(addressBody(v)).toMatchObject({ recipient_name: 'Ada Obi', phone: '+234 803 000 0000', line1: '12 Marina', country: 'NG' });
    const bad = addressSchema.safeParse({ ...v, phone: 'call me', city: '  ', line2: 'a\u0007b' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['phone', 'city', 'line2']));
  });
});

describe('what can be done with an order', () => {
  const base = { lines: [line('1', 2)], return_window_ends_at: '2999-01-01T00:00:00Z' };
  it('cancels only before shipping', () => {
    expect(['placed', 'paid', 'processing'].every((s) => canCancel({ status: s as never }))).toBe(true);
    expect(canCancel({ status: 'shipped' })).toBe(false);
  });

  it('returns after delivery, within the window, while something is left to return', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(canRequestReturn({ ...base, status: 'delivered' }, now)).toBe(true);
    expect(canRequestReturn({ ...base, status: 'shipped' }, now)).toBe(false);
    expect(canRequestReturn({ ...base, status: 'delivered', return_window_ends_at: '2026-11-24T11:59:59Z' }, now)).toBe(false);
    expect(canRequestReturn({ ...base, status: 'delivered', lines: [line('1', 2, 1, 1)] }, now)).toBe(false);
    expect(returnableQuantity(line('1', 5, 1, 2))).toBe(2);
  });

  it('refunds from escrow only: not before payment nor after the release', () => {
    expect(canRefund({ status: 'delivered', lines: [line('1', 2, 1)] })).toBe(true);
    expect(canRefund({ status: 'completed', lines: [line('1', 2)] })).toBe(false);
    expect(canRefund({ status: 'placed', lines: [line('1', 2)] })).toBe(false);
    expect(canRefund({ status: 'paid', lines: [line('1', 2, 2)] })).toBe(false);
    expect(refundableQuantity(line('1', 3, 1))).toBe(2);
  });

  it('places each status on the progress bar, off it when cancelled', () => {
    expect(progressIndex('processing')).toBe(1);
    expect(progressIndex('shipped')).toBe(2);
    expect(progressIndex('cancelled')).toBeNull();
  });

  it('words a delivery estimate as calendar dates', () => {
    expect(estimateText({ earliest: '2026-12-01', latest: '2026-12-03' })).toBe('Arrives Tue 1 Dec – Thu 3 Dec');
    expect(estimateText({ earliest: '2026-12-01', latest: '2026-12-01' })).toBe('Arrives Tue 1 Dec');
    expect(estimateText(null)).toBe('Delivery date to be confirmed');
  });
});

describe('picking lines to return or refund', () => {
  const lines = [line('a', 2), line('b', 1, 1)];
  const max = (l: OrderLine) => l.quantity - l.refunded_quantity;
  it('sends the positive quantities only', () => {
    expect(selectedLines(lines, { a: '2', b: '' }, max)).toEqual({ lines: [{ line_id: 'a', quantity: 2 }], problem: null });
  });
  it('refuses nothing picked, too many, or not a number', () => {
    expect(selectedLines(lines, { a: '0' }, max).problem).toBe('Choose at least one item.');
    expect(selectedLines(lines, { a: '3' }, max).problem).toBe('At most 2 of Item a.');
    expect(selectedLines(lines, { a: '1.5' }, max).problem).toBe('Enter a whole number for Item a.');
  });
});

describe('a commission rule', () => {
  it('turns a percentage into basis points and the fixed part into minor units', () => {
    const { body } = ruleBody({ ...ruleDefaults(), scope: 'category', category_id: 'c1', percent: '7.5', fixed: '150', priority: '10', note: ' Travel gear ' });
    expect(body).toEqual({ scope: 'category', category_id: 'c1', bps: 750, fixed: 15000, priority: 10, active: true, note: 'Travel gear' });
    expect(percentText(750)).toBe('7.5 %');
  });
  it('names each field that is wrong', () => {
    const { body, errors } = ruleBody({ ...ruleDefaults(), scope: 'vendor', percent: '51', fixed: 'abc', priority: '1001' });
    expect(body).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['fixed', 'percent', 'priority', 'vendor_id']);
  });
  it('lists categories with their parents', () => {
    const c = (id: string, name: string, children: unknown[] = []) => ({ id, name, children }) as never;
    expect(flattenCategories([c('1', 'Travel', [c('2', 'Bags')]), c('3', 'Wellness')])).toEqual([
      { id: '1', name: 'Travel' },
      { id: '2', name: 'Travel › Bags' },
      { id: '3', name: 'Wellness' },
    ]);
  });
});

describe('the revenue chart', () => {
  it('scales bars to the best day and keeps a small day visible', () => {
    const d = (amount: number) => ({ date: '2026-11-01', orders: 1, revenue: ngn(amount) });
    expect(barHeights([d(0), d(1), d(50), d(100)])).toEqual([0, 2, 50, 100]);
    expect(barHeights([d(0), d(0)])).toEqual([0, 0]);
  });
});
