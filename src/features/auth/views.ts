import type { AuthIntent } from './schema.ts';

export const AUTH_VIEWS = [
  'sign-in',
  'sign-up',
  'magic-link',
  'code',
  'forgot',
  'reset',
  'resend',
  'mfa',
  'mfa-recovery',
] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export function isAuthView(value: unknown): value is AuthView {
  return typeof value === 'string' && (AUTH_VIEWS as readonly string[]).includes(value);
}

export interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text' | 'hidden';
  autoComplete?: string;
  hint?: string;
  inputMode?: 'numeric';
  required?: boolean;
  minLength?: number;
  maxLength?: number;
}

export interface ViewSpec {
  intent: AuthIntent;
  title: string;
  lead: string;
  submit: string;
  fields: FieldSpec[];
}

const email: FieldSpec = {
  name: 'email',
  label: 'E-mail address',
  type: 'email',
  autoComplete: 'email',
  required: true,
  maxLength: 254,
};
const newPassword: FieldSpec = {
  name: 'password',
  label: 'New password',
  type: 'password',
  autoComplete: 'new-password',
  hint: 'At least 10 characters. Avoid common passwords; a short sentence works well.',
  required: true,
  minLength: 10,
  maxLength: 72,
};
const confirm: FieldSpec = {
  name: 'password_confirm',
  label: 'Repeat the new password',
  type: 'password',
  autoComplete: 'new-password',
  required: true,
};

/** Every step of signing in, as data: the island and the no-JavaScript page render the same forms. */
export const VIEW_SPECS: Record<AuthView, ViewSpec> = {
  'sign-in': {
    intent: 'sign-in',
    title: 'Sign in',
    lead: 'Welcome back. Sign in to continue with your applications.',
    submit: 'Sign in',
    fields: [
      email,
      {
        name: 'password',
        label: 'Password',
        type: 'password',
        autoComplete: 'current-password',
        required: true,
        maxLength: 72,
      },
    ],
  },
  'sign-up': {
    intent: 'sign-up',
    title: 'Create your account',
    lead: 'One account for your profile, shortlist and applications.',
    submit: 'Create account',
    fields: [
      {
        name: 'full_name',
        label: 'Full name (optional)',
        type: 'text',
        autoComplete: 'name',
        maxLength: 120,
      },
      email,
      { ...newPassword, label: 'Password' },
      { ...confirm, label: 'Repeat the password' },
    ],
  },
  'magic-link': {
    intent: 'magic-link',
    title: 'Sign in with an e-mail link',
    lead: 'We will e-mail you a link and a code. No password needed.',
    submit: 'Send me a link',
    fields: [email],
  },
  code: {
    intent: 'verify-code',
    title: 'Enter the code from your e-mail',
    lead: 'The e-mail we sent has a link and a code. Use whichever is easier.',
    submit: 'Continue',
    fields: [
      email,
      {
        name: 'code',
        label: 'Code',
        type: 'text',
        autoComplete: 'one-time-code',
        inputMode: 'numeric',
        required: true,
        maxLength: 10,
      },
      { name: 'type', label: 'Purpose', type: 'hidden' },
    ],
  },
  forgot: {
    intent: 'forgot',
    title: 'Reset your password',
    lead: 'Tell us your e-mail address and we will send you a reset link and a code.',
    submit: 'Send reset link',
    fields: [email],
  },
  reset: {
    intent: 'reset',
    title: 'Choose a new password',
    lead: 'You opened a password reset link. Choose your new password.',
    submit: 'Save new password',
    fields: [newPassword, confirm],
  },
  resend: {
    intent: 'resend',
    title: 'Resend the confirmation e-mail',
    lead: 'Did not get the e-mail, or the link expired? We will send a new one.',
    submit: 'Resend e-mail',
    fields: [
      { ...email, required: false },
      { name: 'type', label: 'Type', type: 'hidden' },
    ],
  },
  mfa: {
    intent: 'mfa',
    title: 'Two-step verification',
    lead: 'Enter the 6-digit code from your authenticator app to finish signing in.',
    submit: 'Verify',
    fields: [
      {
        name: 'code',
        label: 'Authentication code',
        type: 'text',
        autoComplete: 'one-time-code',
        inputMode: 'numeric',
        required: true,
        maxLength: 6,
      },
    ],
  },
  'mfa-recovery': {
    intent: 'mfa-recovery',
    title: 'Use a recovery code',
    lead: 'Lost your authenticator app? Enter one of the recovery codes you saved when you set it up. A code works once; it turns two-step verification off, so you can set it up again on your new phone.',
    submit: 'Use the recovery code',
    fields: [
      {
        name: 'code',
        label: 'Recovery code',
        type: 'text',
        autoComplete: 'off',
        hint: 'Ten letters and digits, like 7k2m9-x4p0q.',
        required: true,
        maxLength: 20,
      },
    ],
  },
};

/**
 * Whether the view asks for an e-mailed or app code: its field takes focus as the step appears, so
 * the form hydrates at once. Other views wake when the visitor reaches for them, and load none of
 * the form's JavaScript until then.
 */
export function asksForCode(view: AuthView): boolean {
  return VIEW_SPECS[view].fields.some((field) => field.name === 'code');
}

export function labelsOf(spec: ViewSpec): Record<string, string> {
  return Object.fromEntries(
    spec.fields.filter((field) => field.type !== 'hidden').map((field) => [field.name, field.label]),
  );
}
