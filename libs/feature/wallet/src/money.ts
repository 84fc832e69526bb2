import { isApiError } from '@sojourn/api-client';

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
