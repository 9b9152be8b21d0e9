import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';

export const MIN_PASSWORD_LENGTH = 10;

/** Unipath's password rule, the same the backend applies: long enough and not a common one. */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(72, 'Use at most 72 characters.')
  .refine(
    (value) => !isCommonPassword(value),
    'This password is too common. Choose one that is harder to guess.',
  );
