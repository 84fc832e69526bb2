import { afterEach, describe, expect, it, vi } from 'vitest';
import { callbackPath, isSandboxCheckout, payByCard } from './pay';
import { PAYSTACK_POP_UNDEFINED, PAYSTACK_SCRIPT_FAILED, loadPaystack, openPaystackPopup, type PaystackPopupOptions } from './popup';

const opts = (over: Partial<PaystackPopupOptions> = {}): PaystackPopupOptions => ({
  publicKey: 'pk_test_x',
  email: 'ada@example.com',
  amount: 500000,
  currency: 'NGN',
  reference: 'sj-abc',
  onSuccess: vi.fn(),
  onClose: vi.fn(),
  ...over,
});

describe('Paystack popup: the spec messages when it cannot start', () => {
  afterEach(() => vi.restoreAllMocks());

  it('Failed to load Paystack script', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(loadPaystack(load)).rejects.toThrow(PAYSTACK_SCRIPT_FAILED);
    await expect(openPaystackPopup(opts(), load)).rejects.toThrow('Failed to load Paystack script');
  });

  it('Paystack script loaded but PaystackPop is not defined', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(openPaystackPopup(opts(), async () => ({}))).rejects.toThrow(PAYSTACK_POP_UNDEFINED);
    expect(PAYSTACK_POP_UNDEFINED).toBe('Paystack script loaded but PaystackPop is not defined');
  });

  it('Paystack initialization failed: <cause>', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const usePaystackPayment = () => () => {
      throw new Error('Invalid transaction parameters');
    };
    await expect(openPaystackPopup(opts(), async () => ({ usePaystackPayment }))).rejects.toThrow(
      'Paystack initialization failed: Invalid transaction parameters',
    );
  });

  it('opens with the server reference and reports success and close', async () => {
    let seen: Record<string, unknown> = {};
    let callbacks: { onSuccess?: (r?: unknown) => void; onClose?: () => void } = {};
    const usePaystackPayment = (config: Record<string, unknown>) => {
      seen = config;
      return (cb: typeof callbacks) => {
        callbacks = cb;
      };
    };
    const o = opts();
    await openPaystackPopup(o, async () => ({ usePaystackPayment }));
    expect(seen).toEqual({ publicKey: 'pk_test_x', email: 'ada@example.com', amount: 500000, currency: 'NGN', reference: 'sj-abc' });
    callbacks.onSuccess?.({ reference: 'sj-abc', status: 'success' });
    expect(o.onSuccess).toHaveBeenCalledWith('sj-abc');
    callbacks.onClose?.();
    expect(o.onClose).toHaveBeenCalled();
  });
});

describe('paying by card', () => {
  const start = { reference: 'sj-1', access_code: 'ac', authorization_url: 'http://localhost:8080/_sandbox/paystack/checkout/ac' };
  const ctx = () => ({ amount: 100000, currency: 'NGN', email: 'a@b.co', returnPath: '/user-wallet', navigate: vi.fn(), onClose: vi.fn(), assign: vi.fn() });

  it('redirects to the sandbox checkout page even with a public key', async () => {
    const c = ctx();
    expect(isSandboxCheckout(start.authorization_url)).toBe(true);
    await expect(payByCard({ ...start, public_key: 'pk_live_x' }, c)).resolves.toBe('redirect');
    expect(c.assign).toHaveBeenCalledWith(start.authorization_url);
  });

  it('redirects to Paystack when the server sent no public key', async () => {
    const c = ctx();
    const live = { ...start, authorization_url: 'https://checkout.paystack.com/ac', public_key: null };
    await expect(payByCard(live, c)).resolves.toBe('redirect');
    expect(c.assign).toHaveBeenCalledWith('https://checkout.paystack.com/ac');
  });

  it('opens the popup with live keys and goes to the callback page on success', async () => {
    const c = ctx();
    const live = { ...start, authorization_url: 'https://checkout.paystack.com/ac', public_key: 'pk_live_x' };
    const usePaystackPayment = () => (cb: { onSuccess?: (r?: unknown) => void }) => cb.onSuccess?.({ reference: 'sj-1' });
    await expect(payByCard(live, { ...c, load: async () => ({ usePaystackPayment }) })).resolves.toBe('popup');
    expect(c.assign).not.toHaveBeenCalled();
    expect(c.navigate).toHaveBeenCalledWith(callbackPath('sj-1', '/user-wallet'));
    expect(callbackPath('sj-1', '/gift-card/p1')).toBe('/payments/callback?reference=sj-1&return=%2Fgift-card%2Fp1');
  });
});
