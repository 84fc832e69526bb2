import { openPaystackPopup, type PaystackLoader } from './popup';

export interface CardPaymentStart {
  reference: string;
  authorization_url: string;
  access_code: string;
  /** The server's Paystack public key when it runs with live keys; null in sandbox mode. */
  public_key?: string | null;
}

export interface CardPaymentContext {
  amount: number;
  currency: string;
  email: string;
  /** Portal page to come back to after the callback page (the server's callback carries the same). */
  returnPath: string;
  /** Client-side navigation for the popup's success (to the callback page). */
  navigate: (to: string) => void;
  onClose: () => void;
  assign?: (url: string) => void;
  load?: PaystackLoader;
}

/** The server's Paystack sandbox answers with its own hosted checkout page. */
export function isSandboxCheckout(url: string): boolean {
  return /\/_sandbox\/paystack\//.test(url);
}

export function callbackPath(reference: string, returnPath: string): string {
  return `/payments/callback?${new URLSearchParams({ reference, return: returnPath }).toString()}`;
}

/**
 * Take the browser to pay for a started card payment: the sandbox's checkout page (or Paystack's page when the server
 * sent no public key) by redirect; with live keys, Paystack's popup, coming back to the callback page on success.
 * Returns how it went so the caller can keep its button busy during a redirect.
 */
export async function payByCard(start: CardPaymentStart, ctx: CardPaymentContext): Promise<'redirect' | 'popup'> {
  const key = start.public_key?.trim() ?? '';
  if (!key || isSandboxCheckout(start.authorization_url)) {
    (ctx.assign ?? ((url) => window.location.assign(url)))(start.authorization_url);
    return 'redirect';
  }
  await openPaystackPopup(
    {
      publicKey: key,
      email: ctx.email,
      amount: ctx.amount,
      currency: ctx.currency,
      reference: start.reference,
      onSuccess: (reference) => ctx.navigate(callbackPath(reference, ctx.returnPath)),
      onClose: ctx.onClose,
    },
    ctx.load,
  );
  return 'popup';
}
