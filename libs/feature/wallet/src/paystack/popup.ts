/**
 * Paystack's popup, loaded on demand. react-paystack (which carries Paystack's inline checkout script) lives in its
 * own chunk, fetched only when a card payment opens in a popup, so no portal's entry chunk pays for it. When the popup
 * cannot start, the caller gets one of the spec's messages (seed spec, section 8).
 */

export const PAYSTACK_SCRIPT_FAILED = 'Failed to load Paystack script';
export const PAYSTACK_POP_UNDEFINED = 'Paystack script loaded but PaystackPop is not defined';
export const PAYSTACK_INIT_FAILED = 'Paystack initialization failed';

export class PaystackError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaystackError';
  }
}

export interface PaystackPopupOptions {
  publicKey: string;
  email: string;
  /** Minor units, exactly as initialised on the server. */
  amount: number;
  currency: string;
  /** The server's payment reference, so the webhook and the verify call settle this very payment. */
  reference: string;
  onSuccess: (reference: string) => void;
  onClose: () => void;
}

type InitializePayment = (options: { onSuccess?: (response?: unknown) => void; onClose?: () => void }) => void;
type PaystackHook = (config: Record<string, unknown>) => InitializePayment;
/** What the lazily loaded module must offer: react-paystack's entry to Paystack's popup (PaystackPop). */
export type PaystackModule = { usePaystackPayment?: unknown };
export type PaystackLoader = () => Promise<PaystackModule>;

const defaultLoader: PaystackLoader = () => import('react-paystack');

function causeOf(e: unknown): string {
  if (e instanceof Error && e.message) return e.message;
  if (typeof e === 'string' && e) return e;
  return 'unknown error';
}

/** Load Paystack's popup code. Rejects with PAYSTACK_SCRIPT_FAILED or PAYSTACK_POP_UNDEFINED. */
export async function loadPaystack(load: PaystackLoader = defaultLoader): Promise<PaystackHook> {
  let mod: PaystackModule | undefined;
  try {
    mod = await load();
  } catch (e) {
    console.error(PAYSTACK_SCRIPT_FAILED, e);
    throw new PaystackError(PAYSTACK_SCRIPT_FAILED, { cause: e });
  }
  const pop = mod?.usePaystackPayment;
  if (typeof pop !== 'function') {
    console.error(PAYSTACK_POP_UNDEFINED);
    throw new PaystackError(PAYSTACK_POP_UNDEFINED);
  }
  return pop as PaystackHook;
}

/**
 * Open Paystack's popup for a payment the server has initialised. Resolves once the popup is open; the outcome
 * arrives through onSuccess / onClose. Rejects with one of the three messages when the popup cannot start.
 */
export async function openPaystackPopup(opts: PaystackPopupOptions, load: PaystackLoader = defaultLoader): Promise<void> {
  const paystack = await loadPaystack(load);
  try {
    const initialize = paystack({
      publicKey: opts.publicKey,
      email: opts.email,
      amount: opts.amount,
      currency: opts.currency,
      reference: opts.reference,
    });
    initialize({
      onSuccess: (response) => {
        const ref = (response as { reference?: string } | undefined)?.reference;
        opts.onSuccess(ref || opts.reference);
      },
      onClose: opts.onClose,
    });
  } catch (e) {
    const message = `${PAYSTACK_INIT_FAILED}: ${causeOf(e)}`;
    console.error(message, e);
    throw new PaystackError(message, { cause: e });
  }
}
