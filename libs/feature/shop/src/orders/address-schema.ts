import { z } from 'zod';
import type { Address, AddressInput } from './api';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const text = (max: number, what: string, required: boolean) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${what} within ${max} characters.`)
    .refine((v) => !CONTROL.test(v), `Remove the control characters from the ${what}.`)
    .refine((v) => !required || v.length > 0, `Enter the ${what}.`);

/** The address form as the API checks it (api/contract/shop.yaml AddressInput). */
export const addressSchema = z.object({
  label: text(40, 'label', false),
  recipient_name: text(120, "recipient's name", true),
  phone: z
    .string()
    .trim()
    .refine((v) => v.length >= 5 && v.length <= 32 && /^[0-9+\-() ]+$/.test(v), 'Enter a phone number: digits, spaces and + - ( ), 5 to 32 characters.'),
  line1: text(200, 'street address', true),
  line2: text(200, 'second address line', false),
  city: text(100, 'city', true),
  state: text(100, 'state', false),
  postal_code: text(20, 'postal code', false),
  country: z.string().regex(/^[A-Z]{2}$/, 'Choose the country.'),
  is_default: z.boolean(),
});

export type AddressValues = z.infer<typeof addressSchema>;

export const ADDRESS_FIELDS = ['label', 'recipient_name', 'phone', 'line1', 'line2', 'city', 'state', 'postal_code', 'country', 'is_default'] as const;

export function addressDefaults(a?: Address | null, fallbackName = ''): AddressValues {
  return {
    label: a?.label ?? '',
    recipient_name: a?.recipient_name ?? fallbackName,
    phone: a?.phone ?? '',
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    postal_code: a?.postal_code ?? '',
    country: a?.country ?? 'NG',
    is_default: a?.is_default ?? false,
  };
}

/** The form's values as the API body (trimmed; empty optional fields sent as ""). */
export function addressBody(v: AddressValues): AddressInput {
  const out = addressSchema.parse(v);
  return { ...out };
}
