import type { FieldErrors } from '../../lib/security/form-outcome.ts';
import type { ProfileIntent } from './schema.ts';

export interface ProfileFieldSpec {
  name: string;
  label: string;
  type: 'text' | 'date' | 'tel' | 'number' | 'password' | 'select' | 'hidden';
  autoComplete?: string;
  options?: readonly { value: string; label: string }[];
  hint?: string;
  step?: string;
  inputMode?: 'numeric';
}

export interface ProfileFieldGroup {
  /** Shown as a fieldset legend when the form has repeated rows. */
  legend?: string;
  fields: ProfileFieldSpec[];
}

/** One server-handled form on /profile, as plain data the page and the island share. */
export interface ProfileFormProps {
  intent: ProfileIntent;
  /** Where the form posts; /profile unless another endpoint handles it. */
  action?: string;
  title?: string;
  submit: string;
  variant?: 'primary' | 'secondary' | 'danger';
  groups: ProfileFieldGroup[];
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  error?: string | undefined;
  notice?: string | undefined;
  csrfToken: string;
}
