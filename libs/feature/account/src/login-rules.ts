import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * The sign-in form's checks, written without zod: the sign-in page is the first screen of nine portals, and zod is
 * about 24 kB gzipped that it would otherwise fetch and run before it can paint. The other forms use zod schemas.
 */
export interface LoginValues {
  email: string;
  password: string;
}

// The shape zod's `.email()` accepts, for the same answer on every form.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function loginProblems(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const out: Partial<Record<keyof LoginValues, string>> = {};
  const email = values.email.trim();
  if (!email) out.email = 'Enter your email address.';
  else if (!EMAIL.test(email)) out.email = 'Enter a valid email address.';
  if (!values.password) out.password = 'Enter your password.';
  return out;
}

export const loginResolver: Resolver<LoginValues> = async (values) => {
  const problems = loginProblems(values);
  const keys = Object.keys(problems) as (keyof LoginValues)[];
  if (keys.length === 0) return { values: { ...values, email: values.email.trim() }, errors: {} };
  const errors: FieldErrors<LoginValues> = {};
  for (const k of keys) errors[k] = { type: 'validate', message: problems[k] };
  return { values: {}, errors };
};
