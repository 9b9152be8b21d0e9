import type { Queryable } from '../db/types.ts';
import type { AuthDeps } from './deps.ts';
import {
  assertFrequency,
  email,
  sentNow,
  sms,
  takeSendBudget,
  templateFor,
  verifyLink,
  type Outbox,
} from './mail.ts';
import type { SendOptions } from './messages.ts';
import { issueToken } from './one-time-tokens.ts';
import type { UserRow } from './users.ts';

/** E-mail change: a link to the new address, and one to the current address when both must confirm. */
export async function sendEmailChange(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  newEmail: string,
  outbox: Outbox,
  options: SendOptions,
) {
  if (!options.force)
    assertFrequency(deps.stack.clock(), user.email_change_sent_at, deps.config.email.maxFrequency);
  const both = deps.config.email.doubleConfirmChanges && Boolean(user.email);
  takeSendBudget(deps, 'email');
  if (both) takeSendBudget(deps, 'email');
  const pkce = options.pkce ?? false;
  const fresh = await issueToken(tx, user.id, 'email_change_token_new', newEmail, { pkce });
  await tx.query(
    `update auth.users set email_change = $2, email_change_sent_at = $3, email_change_confirm_status = 0 where id = $1`,
    [user.id, newEmail, sentNow(deps)],
  );
  const lead = (address: string) =>
    `Follow this link to confirm the change of your e-mail address to ${address}:`;
  outbox.push(
    email({
      to: newEmail,
      kind: 'email_change_new',
      subject: 'Confirm Email Change',
      lead: lead(newEmail),
      otp: fresh.otp,
      link: verifyLink(deps, fresh.hash, 'email_change', options.redirectTo),
      ...templateFor(deps, 'email_change', {
        NewEmail: newEmail,
        Email: user.email ?? '',
        TokenHash: fresh.hash,
      }),
    }),
  );
  if (!both) return;
  const current = await issueToken(tx, user.id, 'email_change_token_current', user.email ?? '', { pkce });
  outbox.push(
    email({
      to: user.email ?? '',
      kind: 'email_change_current',
      subject: 'Confirm Email Change',
      lead: lead(newEmail),
      otp: current.otp,
      link: verifyLink(deps, current.hash, 'email_change', options.redirectTo),
      ...templateFor(deps, 'email_change', {
        NewEmail: newEmail,
        Email: user.email ?? '',
        TokenHash: current.hash,
      }),
    }),
  );
}

export async function sendReauthentication(deps: AuthDeps, tx: Queryable, user: UserRow, outbox: Outbox) {
  const viaEmail = Boolean(user.email);
  const to = viaEmail ? (user.email ?? '') : (user.phone ?? '');
  assertFrequency(
    deps.stack.clock(),
    user.reauthentication_sent_at,
    deps.config.email.maxFrequency,
    !viaEmail,
  );
  takeSendBudget(deps, viaEmail ? 'email' : 'sms');
  const { otp } = await issueToken(tx, user.id, 'reauthentication_token', to);
  await tx.query('update auth.users set reauthentication_sent_at = $2 where id = $1', [
    user.id,
    sentNow(deps),
  ]);
  outbox.push(
    viaEmail
      ? email({
          to,
          kind: 'reauthentication',
          subject: 'Confirm reauthentication',
          lead: 'Enter this code to confirm it is you:',
          otp,
          ...templateFor(deps, 'reauthentication', {}),
        })
      : sms(to, 'reauthentication', otp),
  );
}

/** An SMS code to confirm a phone number (sign-up, sign-in) or a phone change. */
export async function sendPhoneCode(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  phone: string,
  purpose: 'confirmation' | 'phone_change',
  outbox: Outbox,
) {
  const sentAt = purpose === 'confirmation' ? user.confirmation_sent_at : user.phone_change_sent_at;
  assertFrequency(deps.stack.clock(), sentAt, deps.config.sms.maxFrequency, true);
  takeSendBudget(deps, 'sms');
  const type = purpose === 'confirmation' ? 'confirmation_token' : 'phone_change_token';
  const { otp } = await issueToken(tx, user.id, type, phone);
  const column = purpose === 'confirmation' ? 'confirmation_sent_at' : 'phone_change_sent_at';
  await tx.query(`update auth.users set ${column} = $2 where id = $1`, [user.id, sentNow(deps)]);
  if (purpose === 'phone_change')
    await tx.query('update auth.users set phone_change = $2 where id = $1', [user.id, phone]);
  outbox.push(sms(phone, 'sms_otp', otp));
}
