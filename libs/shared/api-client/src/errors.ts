import type { ErrorCode, ErrorEnvelope } from './types';

/** Every failed API call rejects with an ApiError built from the error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string>;
  readonly requestId: string | undefined;
  /** Seconds to wait before retrying (from Retry-After on 429). */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
    requestId?: string | undefined;
    retryAfter?: number | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fields).length > 0;
  }
}

const FALLBACK: Record<number, ErrorCode> = {
  400: 'invalid_json',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'validation_failed',
  429: 'rate_limited',
};

const FALLBACK_MESSAGE: Partial<Record<ErrorCode, string>> = {
  unauthenticated: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have permission to do that.',
  not_found: 'We could not find what you were looking for.',
  payload_too_large: 'That file is too large.',
  rate_limited: 'Too many attempts. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  network: 'We could not reach Sojourn. Check your connection and try again.',
};

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const secs = Number(header);
  if (Number.isFinite(secs)) return Math.max(0, secs);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Turn a non-2xx response into an ApiError, tolerating bodies that are not the envelope. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.clone().json();
  } catch {
    body = undefined;
  }
  return errorFromBody(res, body);
}

/** Build the ApiError from a response whose body has already been parsed (e.g. by openapi-fetch). */
export function errorFromBody(res: Response, parsed: unknown): ApiError {
  const body = (parsed && typeof parsed === 'object' ? parsed : undefined) as Partial<ErrorEnvelope> | undefined;
  const env = body?.error;
  const code: ErrorCode = env?.code ?? FALLBACK[res.status] ?? 'internal';
  let message = env?.message || FALLBACK_MESSAGE[code] || `Request failed (${res.status}).`;
  const retryAfter = parseRetryAfter(res.headers.get('Retry-After'));
  if (code === 'rate_limited' && retryAfter !== undefined && !env?.message) {
    message = `Too many attempts. Try again in ${retryAfter} seconds.`;
  }
  return new ApiError({
    status: res.status,
    code,
    message,
    fields: env?.fields,
    requestId: env?.request_id,
    retryAfter,
  });
}

export function networkError(cause: unknown): ApiError {
  const err = new ApiError({ status: 0, code: 'network', message: FALLBACK_MESSAGE.network! });
  (err as { cause?: unknown }).cause = cause;
  return err;
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** A message fit to show a person, whatever was thrown. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error && e.message) return e.message;
  return 'Something went wrong. Please try again.';
}
