/**
 * A fresh Idempotency-Key: one per submitted money-moving action (kept across retries of that action), so a retried
 * request never moves money twice. An optional prefix names the action in server logs: "payout-…", "refund-…".
 */
export function newIdempotencyKey(prefix?: string): string {
  const id =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return prefix ? `${prefix}-${id}` : id;
}

/** The `params` part of an openapi-fetch call that sends an Idempotency-Key header. */
export function idempotencyHeader(key: string): { header: { 'Idempotency-Key': string } } {
  return { header: { 'Idempotency-Key': key } };
}
