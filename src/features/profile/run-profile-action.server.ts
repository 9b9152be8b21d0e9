import type { SupabaseClient } from '@supabase/supabase-js';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../lib/security/form-input.ts';
import { failure, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { deleteMyAccount } from './account.server.ts';
import { saveReminders } from './email-preferences.server.ts';
import { saveProfile } from './profile-data.server.ts';
import { isProfileIntent, PROFILE_FORMS, type ProfileIntent } from './schema.ts';
import {
  changePassword,
  enrollTotp,
  makeRecoveryCodes,
  removeTotp,
  sendReauthenticationCode,
  signOutOtherDevices,
  verifyTotp,
} from './security.server.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export interface ProfileActionContext {
  supabase: SupabaseClient<Database>;
  user: { id: string; email: string };
}

type Input<I extends ProfileIntent> = z.infer<(typeof PROFILE_FORMS)[I]>;

async function dispatch(
  context: ProfileActionContext,
  intent: ProfileIntent,
  input: unknown,
): Promise<FormOutcome> {
  const { supabase, user } = context;
  switch (intent) {
    case 'save-personal':
      return saveProfile(
        supabase,
        user.id,
        input as Input<'save-personal'>,
        'Your personal details are saved.',
      );
    case 'save-education':
      return saveProfile(
        supabase,
        user.id,
        input as Input<'save-education'>,
        'Your education history is saved.',
      );
    case 'save-tests':
      return saveProfile(supabase, user.id, input as Input<'save-tests'>, 'Your test scores are saved.');
    case 'reauthenticate':
      return sendReauthenticationCode(supabase, user.email);
    case 'change-password':
      return changePassword(supabase, input as Input<'change-password'>);
    case 'mfa-enroll':
      return enrollTotp(supabase);
    case 'mfa-verify':
      return verifyTotp(supabase, input as Input<'mfa-verify'>);
    case 'mfa-recovery-codes':
      return makeRecoveryCodes(supabase);
    case 'mfa-remove':
      return removeTotp(supabase, (input as Input<'mfa-remove'>).factor_id);
    case 'sign-out-others':
      return signOutOtherDevices(supabase);
    case 'delete-account':
      return deleteMyAccount(supabase, user.id);
    case 'save-reminders':
      return saveReminders(supabase, user.id, (input as Input<'save-reminders'>).reminders);
  }
}

/** Runs one /profile form: its schema (authoritative, shared with the island), then the change. */
export async function runProfileAction(
  context: ProfileActionContext,
  fields: Record<string, string>,
): Promise<{ intent: ProfileIntent | null; outcome: FormOutcome }> {
  const intent = fields['intent'];
  if (!isProfileIntent(intent))
    return {
      intent: null,
      outcome: failure(400, 'This form is not recognised. Refresh the page and try again.'),
    };
  const parsed = PROFILE_FORMS[intent].safeParse(fields);
  if (!parsed.success) {
    const outcome = failure(400, 'Please correct the highlighted fields.', fieldErrorsOf(parsed.error));
    return {
      intent,
      outcome:
        intent === 'mfa-verify' ? { ...outcome, data: { factor_id: fields['factor_id'] ?? '' } } : outcome,
    };
  }
  try {
    return { intent, outcome: await dispatch(context, intent, parsed.data) };
  } catch (error) {
    console.error('Profile action failed', error);
    return { intent, outcome: failure(502, 'We could not reach the server. Please try again in a moment.') };
  }
}
