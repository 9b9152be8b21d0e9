import { z } from 'zod';
import { newPasswordSchema } from '../../lib/security/password-rule.ts';

export const RESEND_MISSING_MESSAGE = 'You must provide either an email or phone number and a type';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'));

const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6,10}$/, 'Enter the code from the e-mail: 6 digits.');

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.').max(72, 'Use at most 72 characters.'),
});
export type SignInInput = z.infer<typeof signInSchema>;

function passwordsMatch(value: { password: string; password_confirm: string }) {
  return value.password === value.password_confirm;
}
const mismatch = { message: 'The passwords do not match.', path: ['password_confirm'] };

export const signUpSchema = z
  .object({
    full_name: z.string().trim().max(120, 'Use at most 120 characters.').default(''),
    email: emailSchema,
    password: newPasswordSchema,
    password_confirm: z.string(),
  })
  .refine(passwordsMatch, mismatch);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: otpCodeSchema,
  type: z.enum(['email', 'signup', 'recovery'], 'Choose what the code is for.'),
});
export type VerifyCodeInput = z.infer<typeof verifyCodeSchema>;

export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, password_confirm: z.string() })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Resending needs both an address and what to resend; the backend's own wording when either is missing. */
export const resendSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, RESEND_MISSING_MESSAGE)
    .pipe(z.email('Enter a valid e-mail address, like name@example.com.')),
  type: z.enum(['signup', 'email_change'], RESEND_MISSING_MESSAGE),
});
export type ResendInput = z.infer<typeof resendSchema>;

export const mfaCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
export type MfaCodeInput = z.infer<typeof mfaCodeSchema>;

/** A recovery code as typed: any case, with or without its dash or spaces; the database normalises it. */
export const mfaRecoverySchema = z.object({
  code: z
    .string()
    .trim()
    .refine(
      (value) => /^[0-9a-z]{10}$/i.test(value.replace(/[\s-]/g, '')),
      'Enter one of your recovery codes: ten letters and digits, like 7k2m9-x4p0q.',
    ),
});
export type MfaRecoveryInput = z.infer<typeof mfaRecoverySchema>;

export const AUTH_FORMS = {
  'sign-in': signInSchema,
  'sign-up': signUpSchema,
  'magic-link': emailOnlySchema,
  'verify-code': verifyCodeSchema,
  forgot: emailOnlySchema,
  reset: resetPasswordSchema,
  resend: resendSchema,
  mfa: mfaCodeSchema,
  'mfa-recovery': mfaRecoverySchema,
} as const;

export type AuthIntent = keyof typeof AUTH_FORMS;

export function isAuthIntent(value: unknown): value is AuthIntent {
  return typeof value === 'string' && Object.hasOwn(AUTH_FORMS, value);
}

/** Any /auth form as posted, told apart by its `intent` field: the server parses with this. */
export const authActionSchema = z.discriminatedUnion('intent', [
  signInSchema.safeExtend({ intent: z.literal('sign-in') }),
  signUpSchema.safeExtend({ intent: z.literal('sign-up') }),
  emailOnlySchema.safeExtend({ intent: z.literal('magic-link') }),
  verifyCodeSchema.safeExtend({ intent: z.literal('verify-code') }),
  emailOnlySchema.safeExtend({ intent: z.literal('forgot') }),
  resetPasswordSchema.safeExtend({ intent: z.literal('reset') }),
  resendSchema.safeExtend({ intent: z.literal('resend') }),
  mfaCodeSchema.safeExtend({ intent: z.literal('mfa') }),
  mfaRecoverySchema.safeExtend({ intent: z.literal('mfa-recovery') }),
]);
