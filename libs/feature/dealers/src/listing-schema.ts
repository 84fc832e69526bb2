import { z } from 'zod';
import type { CarListingInput } from './api';
import { BODIES, FUELS } from './format';

/** The listing form's fields (the dealer's listing form and the set-up wizard's first car). */
export const year = new Date().getFullYear() + 1;
export const schema = z.object({
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .length(17, 'A VIN has 17 characters')
    .regex(/^[A-HJ-NPR-Z0-9]+$/, 'Letters and digits only, without I, O or Q'),
  make: z.string().trim().min(1, 'Required').max(60),
  model: z.string().trim().min(1, 'Required').max(60),
  year: z.coerce.number().int().min(1980, 'From 1980').max(year, `Up to ${year}`),
  trim: z.string().trim().max(80),
  body: z.enum(Object.keys(BODIES) as [keyof typeof BODIES]),
  mileage_km: z.coerce.number().int().min(0).max(2_000_000),
  fuel: z.enum(Object.keys(FUELS) as [keyof typeof FUELS]),
  transmission: z.enum(['automatic', 'manual']),
  drivetrain: z.enum(['fwd', 'rwd', 'awd', '4wd']),
  colour: z.string().trim().max(40),
  condition: z.enum(['new', 'foreign_used', 'locally_used', 'certified']),
  price: z.coerce.number().min(1, 'Enter the price').max(500_000_000),
  features: z.string().max(2400),
  description: z.string().trim().max(4000),
});
export type Values = z.infer<typeof schema>;
export const FIELDS = Object.keys(schema.shape);

export function toInput(v: Values): CarListingInput {
  return {
    ...v,
    price: Math.round(v.price * 100),
    features: v.features
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 40),
  };
}

