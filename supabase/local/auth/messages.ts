import type { Queryable } from '../db/types.ts';
import type { AuthDeps } from './deps.ts';
import {
  assertFrequency,
  email,
  sentNow,
  takeSendBudget,
  templateFor,
  verifyLink,
  type Outbox,
} from './mail.ts';
import { issueToken } from './one-time-tokens.ts';
import type { UserRow } from './users.ts';

export interface SendOptions {
  redirectTo: string;
  pkce?: boolean;
  /** Skip the per-user resend window (admin actions). */
  force?: boolean;
}

/** The sign-up confirmation (also sent for a magic link to an unconfirmed address). */
export async function sendConfirmation(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  outbox: Outbox,
  options: SendOptions,
) {
  const to = user.email ?? '';
  if (!options.force)
    assertFrequency(deps.stack.clock(), user.confirmation_sent_at, deps.config.email.maxFrequency);
  takeSendBudget(deps, 'email');
  const { otp, hash } = await issueToken(tx, user.id, 'confirmation_token', to, {
    pkce: options.pkce ?? false,
  });
  await tx.query('update auth.users set confirmation_sent_at = $2 where id = $1', [user.id, sentNow(deps)]);
  const link = verifyLink(deps, hash, 'signup', options.redirectTo);
  outbox.push(
    email({
      to,
      kind: 'confirmation',
      subject: 'Confirm your signup',
      lead: 'Follow this link to confirm your account:',
      otp,
      link,
      ...templateFor(deps, 'confirmation', { RedirectTo: options.redirectTo, TokenHash: hash }),
    }),
  );
}

/** A magic link (or recovery link) to a confirmed address. */
export async function sendRecoveryLike(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  outbox: Outbox,
  type: 'magiclink' | 'recovery',
  options: SendOptions,
) {
  const to = user.email ?? '';
  if (!options.force)
    assertFrequency(deps.stack.clock(), user.recovery_sent_at, deps.config.email.maxFrequency);
  takeSendBudget(deps, 'email');
  const { otp, hash } = await issueToken(tx, user.id, 'recovery_token', to, { pkce: options.pkce ?? false });
  await tx.query('update auth.users set recovery_sent_at = $2 where id = $1', [user.id, sentNow(deps)]);
  const link = verifyLink(deps, hash, type, options.redirectTo);
  outbox.push(
    type === 'magiclink'
      ? email({
          to,
          kind: 'magic_link',
          subject: 'Your Magic Link',
          lead: 'Follow this link to sign in:',
          otp,
          link,
          ...templateFor(deps, 'magic_link', { RedirectTo: options.redirectTo, TokenHash: hash }),
        })
      : email({
          to,
          kind: 'recovery',
          subject: 'Reset Your Password',
          lead: 'Follow this link to reset the password for your account:',
          otp,
          link,
          ...templateFor(deps, 'recovery', { RedirectTo: options.redirectTo, TokenHash: hash }),
        }),
  );
}

export async function sendInvite(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  outbox: Outbox,
  redirectTo: string,
) {
  const to = user.email ?? '';
  takeSendBudget(deps, 'email');
  const { otp, hash } = await issueToken(tx, user.id, 'confirmation_token', to);
  await tx.query('update auth.users set invited_at = now(), confirmation_sent_at = $2 where id = $1', [
    user.id,
    sentNow(deps),
  ]);
  const link = verifyLink(deps, hash, 'invite', redirectTo);
  outbox.push(
    email({
      to,
      kind: 'invite',
      subject: 'You have been invited',
      lead: 'You have been invited to create an account. Follow this link to accept the invite:',
      otp,
      link,
      ...templateFor(deps, 'invite', { RedirectTo: redirectTo, TokenHash: hash }),
    }),
  );
}
