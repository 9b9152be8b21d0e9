import { z } from 'zod';

/** A passport number as printed: letters, digits, spaces and hyphens (public.profiles' rule). */
const PASSPORT_NUMBER = /^[A-Za-z0-9 -]{5,24}$/;

/** The optional passport number of the profile and the application form; '' when left empty. */
export const passportNumberRule = z
  .string()
  .trim()
  .default('')
  .refine(
    (value) => value === '' || PASSPORT_NUMBER.test(value),
    'Enter the passport number as printed: 5 to 24 letters and digits.',
  );
