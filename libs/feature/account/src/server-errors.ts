import { errorMessage, isApiError } from '@sojourn/api-client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Show an API failure on a form: each field error from the envelope goes beside its field (names may be remapped,
 * e.g. `new_password` -> `password`); whatever is left becomes the form-level message, which is returned.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  rename: Record<string, string> = {},
): string | null {
  if (!isApiError(error)) return errorMessage(error);
  if (error.code === 'invalid_credentials') return 'That email and password do not match an account.';
  let unplaced = false;
  for (const [key, message] of Object.entries(error.fields)) {
    const name = rename[key] ?? key;
    if (fields.includes(name)) setError(name as Path<T>, { type: 'server', message });
    else unplaced = true;
  }
  if (error.hasFieldErrors && !unplaced) return null;
  return error.message;
}
