import { z } from 'zod';
import { isIsoCountryCode } from '../../../lib/countries.ts';

/**
 * Zod pieces for the catalogue forms. Every value arrives as a string from a plain form post; each
 * rule mirrors a check constraint of the catalogue tables so the database never has to refuse.
 */

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const requiredText = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter the ${label.toLowerCase()}.` })
    .trim()
    .min(min, min <= 1 ? `Enter the ${label.toLowerCase()}.` : `${label} needs at least ${min} characters.`)
    .max(max, `${label} can be at most ${max} characters.`);

export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');

/** Blank becomes null, for nullable text columns. */
export const nullableText = (label: string, max: number) =>
  optionalText(label, max).transform((value) => value || null);

export const slugRule = (max: number) =>
  z
    .string({ error: 'Enter the web address.' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter the web address.')
    .max(max, `The web address can be at most ${max} characters.`)
    .regex(SLUG, 'Use lower-case letters and digits separated by single hyphens.');

/** An ISO currency code such as GBP; blank is allowed only where `optional` says so. */
export const currencyRule = z
  .string({ error: 'Choose a currency.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Choose a three-letter currency code, like GBP.');

export const optionalCurrencyRule = z
  .string()
  .trim()
  .toUpperCase()
  .optional()
  .refine((value) => !value || /^[A-Z]{3}$/.test(value), 'Choose a three-letter currency code, like GBP.')
  .transform((value) => value || null);

/** A country of the one ISO 3166-1 list (src/lib/countries.ts), as its two-letter code. */
export const countryCodeRule = z
  .string({ error: 'Choose the country from the list.' })
  .trim()
  .toUpperCase()
  .refine(isIsoCountryCode, 'Choose the country from the list.');

export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .optional()
    .refine((value) => !value || (values as readonly string[]).includes(value), message)
    .transform((value) => (value ? (value as T[number]) : null));

/** A ticked checkbox posts its value; an unticked one posts nothing. */
export const checkboxRule = z
  .string()
  .optional()
  .transform((value) => value !== undefined && value !== '');

interface NumberBounds {
  min: number;
  max: number;
  /** Decimal places allowed; 0 for whole numbers. */
  places: number;
}

function numberPattern(places: number): RegExp {
  return places === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`);
}

function describeBounds(label: string, { min, max, places }: NumberBounds): string {
  const kind = places === 0 ? 'a whole number' : 'a number';
  return `${label} must be ${kind} from ${min} to ${max}.`;
}

const numberIn = (text: string, bounds: NumberBounds) =>
  numberPattern(bounds.places).test(text) && Number(text) >= bounds.min && Number(text) <= bounds.max;

/** A number that may be left blank (stored as null). */
export const optionalNumber = (label: string, bounds: NumberBounds) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || numberIn(value, bounds), describeBounds(label, bounds))
    .transform((value) => (value ? Number(value) : null));

export const requiredNumber = (label: string, bounds: NumberBounds) =>
  z
    .string({ error: `Enter the ${label.toLowerCase()}.` })
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}.`)
    .refine((value) => numberIn(value, bounds), describeBounds(label, bounds))
    .transform(Number);

/** An ISO day (2027-09-01) that exists in the calendar. */
export function isRealDay(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const requiredDay = (label: string) =>
  z
    .string({ error: `Enter the ${label.toLowerCase()}.` })
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}.`)
    .refine(isRealDay, `Enter the ${label.toLowerCase()} as a real date.`);

export const optionalDay = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isRealDay(value), `Enter the ${label.toLowerCase()} as a real date.`)
    .transform((value) => value || null);

/** A website address; the column accepts only https. */
export const httpsUrlRule = z
  .string()
  .trim()
  .max(300, 'The website can be at most 300 characters.')
  .optional()
  .refine(
    (value) => !value || z.url({ protocol: /^https$/ }).safeParse(value).success,
    'Enter a full https:// address, like https://www.example.ac.uk.',
  )
  .transform((value) => value || null);
