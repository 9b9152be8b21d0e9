import type { AstroGlobal } from 'astro';
import { submittedFields } from '../../lib/security/form-input.ts';
import { jsonOutcome, wantsJsonResponse, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { echoValues, redirectAfter } from '../../lib/security/form-response.server.ts';
import { countryOptions } from '../../lib/countries.ts';
import { readReminders } from './email-preferences.server.ts';
import type { ProfileFormProps } from './form-spec.ts';
import { loadProfile } from './profile-data.server.ts';
import {
  blankState,
  educationGroups,
  formProps,
  personalGroups,
  personalValues,
  rowValues,
  testGroups,
  type FormState,
} from './profile-forms.ts';
import { runProfileAction } from './run-profile-action.server.ts';
import type { ProfileIntent } from './schema.ts';
import type { SecurityPanelProps } from './SecurityPanel.tsx';

export interface ProfilePageModel {
  email: string;
  personal: ProfileFormProps;
  education: ProfileFormProps;
  tests: ProfileFormProps;
  security: SecurityPanelProps;
  deleteAccount: ProfileFormProps;
  /** E-mail preferences: reminders on or off (null when unreadable), and a refused save's message. */
  reminders: { on: boolean | null; error?: string | undefined };
}

interface Submitted {
  intent: ProfileIntent | null;
  outcome: FormOutcome;
  fields: Record<string, string>;
}

/** The stored values, or what was just submitted to the form that failed, with its messages. */
function stateFor(intent: ProfileIntent, stored: Record<string, string>, submitted?: Submitted): FormState {
  if (submitted?.intent !== intent) return blankState(stored);
  const { outcome, fields } = submitted;
  const values = outcome.ok ? stored : { ...stored, ...echoValues(fields) };
  return {
    values,
    fieldErrors: outcome.fieldErrors ?? {},
    error: outcome.ok ? undefined : outcome.message,
    notice: outcome.ok ? outcome.message : undefined,
  };
}

async function securityProps(
  astro: AstroGlobal,
  csrf: string,
  submitted?: Submitted,
): Promise<SecurityPanelProps> {
  const factors = (await astro.locals.supabase?.auth.mfa.listFactors())?.data?.all ?? [];
  const verified = factors.find((factor) => factor.factor_type === 'totp' && factor.status === 'verified');
  const data = submitted?.outcome.data ?? {};
  const factorId = typeof data['factor_id'] === 'string' ? data['factor_id'] : undefined;
  const state = (intent: ProfileIntent, stored: Record<string, string> = {}) =>
    stateFor(intent, stored, submitted);
  const made = submitted?.outcome.ok ? data['recovery_codes'] : undefined;
  const status = verified ? (await astro.locals.supabase?.rpc('mfa_recovery_code_status'))?.data : undefined;
  return {
    reauthenticate: formProps('reauthenticate', csrf, state('reauthenticate'), {
      submit: 'E-mail me a verification code',
      variant: 'secondary',
      groups: [],
    }),
    changePassword: formProps('change-password', csrf, state('change-password'), {
      submit: 'Change password',
      groups: [
        {
          fields: [
            {
              name: 'nonce',
              label: 'Verification code',
              type: 'text',
              autoComplete: 'one-time-code',
              inputMode: 'numeric',
            },
            {
              name: 'password',
              label: 'New password',
              type: 'password',
              autoComplete: 'new-password',
              hint: 'At least 10 characters; not a common password.',
            },
            {
              name: 'password_confirm',
              label: 'Repeat the new password',
              type: 'password',
              autoComplete: 'new-password',
            },
          ],
        },
      ],
    }),
    verifiedFactorId: verified?.id ?? null,
    removeFactor: formProps('mfa-remove', csrf, state('mfa-remove', { factor_id: verified?.id ?? '' }), {
      submit: 'Turn off two-step verification',
      variant: 'secondary',
      groups: [{ fields: [{ name: 'factor_id', label: 'Factor', type: 'hidden' }] }],
    }),
    newCodes: formProps('mfa-recovery-codes', csrf, state('mfa-recovery-codes'), {
      submit: 'Make new recovery codes',
      variant: 'secondary',
      groups: [],
    }),
    recoveryCodes: Array.isArray(made) ? made.map(String) : null,
    recoveryStatus: status
      ? { remaining: status.remaining, issued: status.issued, issued_at: status.issued_at }
      : null,
    enroll: formProps('mfa-enroll', csrf, state('mfa-enroll'), {
      submit: 'Set up an authenticator app',
      groups: [],
    }),
    verify: formProps('mfa-verify', csrf, state('mfa-verify'), {
      submit: 'Verify and turn on',
      groups: [
        {
          fields: [
            { name: 'factor_id', label: 'Factor', type: 'hidden' },
            {
              name: 'code',
              label: '6-digit code from the app',
              type: 'text',
              autoComplete: 'one-time-code',
              inputMode: 'numeric',
            },
          ],
        },
      ],
    }),
    enrolment:
      factorId && !verified
        ? {
            factor_id: factorId,
            ...(typeof data['qr'] === 'string' ? { qr: data['qr'] } : {}),
            ...(typeof data['secret'] === 'string' ? { secret: data['secret'] } : {}),
          }
        : null,
    signOutOthers: formProps('sign-out-others', csrf, state('sign-out-others'), {
      submit: 'Sign out other devices',
      variant: 'secondary',
      groups: [],
    }),
  };
}

async function submit(
  astro: AstroGlobal,
  user: { id: string; email: string },
): Promise<Submitted | Response> {
  // An unreadable body (not a form) is validated as an empty form, never a server error.
  const fields = await submittedFields(astro.request);
  const supabase = astro.locals.supabase;
  if (!supabase) return new Response(null, { status: 404 });
  const { intent, outcome } = await runProfileAction({ supabase, user }, fields);
  if (outcome.ok && outcome.redirect)
    return redirectAfter(astro, outcome, '/profile', wantsJsonResponse(astro.request));
  if (wantsJsonResponse(astro.request)) return jsonOutcome(outcome);
  astro.response.status = outcome.status;
  return { intent, outcome, fields };
}

/** Renders /profile or handles one of its forms (the middleware already required a signed-in user). */
export async function loadProfilePage(astro: AstroGlobal): Promise<ProfilePageModel | Response> {
  const { user, supabase, csrfToken: csrf } = astro.locals;
  if (!user || !supabase) return astro.redirect('/auth?next=%2Fprofile', 303);
  const submitted = astro.request.method === 'POST' ? await submit(astro, user) : undefined;
  if (submitted instanceof Response) return submitted;
  const profile = await loadProfile(supabase, user.id);
  const countries = countryOptions();
  return {
    email: user.email,
    personal: formProps(
      'save-personal',
      csrf,
      stateFor('save-personal', personalValues(profile), submitted),
      { submit: 'Save personal details', groups: personalGroups(countries) },
    ),
    education: formProps(
      'save-education',
      csrf,
      stateFor('save-education', rowValues('education', profile.education), submitted),
      { submit: 'Save education', groups: educationGroups(profile.education.length, countries) },
    ),
    tests: formProps(
      'save-tests',
      csrf,
      stateFor('save-tests', rowValues('test_scores', profile.test_scores), submitted),
      { submit: 'Save test scores', groups: testGroups(profile.test_scores.length) },
    ),
    security: await securityProps(astro, csrf, submitted),
    reminders: {
      on: await readReminders(supabase),
      error:
        submitted?.intent === 'save-reminders' && !submitted.outcome.ok
          ? submitted.outcome.message
          : undefined,
    },
    deleteAccount: formProps('delete-account', csrf, stateFor('delete-account', {}, submitted), {
      submit: 'Delete my account',
      variant: 'danger',
      groups: [
        { fields: [{ name: 'confirm', label: 'Type DELETE to confirm', type: 'text', autoComplete: 'off' }] },
      ],
    }),
  };
}
