import { randomUUID } from 'node:crypto';
import { createUser } from '../accounts.ts';
import { audit } from '../audit.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { unprocessable, validationFailed } from '../errors.ts';
import { createFlowState, readPkce } from '../flow-state.ts';
import { limitByIp } from '../limits.ts';
import { deliverAll, type Outbox } from '../mail.ts';
import { sendPhoneCode } from '../account-messages.ts';
import { sendConfirmation, sendRecoveryLike } from '../messages.ts';
import { object, text, validEmail, validPhone } from '../params.ts';
import { findUserByEmail, findUserByPhone, type UserRow } from '../users.ts';

function mayCreate(deps: AuthDeps, body: Record<string, unknown>, provider: 'email' | 'phone'): void {
  const allowed =
    body['create_user'] !== false &&
    deps.config.enableSignup &&
    (provider === 'email' ? deps.config.email.enableSignup : deps.config.sms.enableSignup);
  if (!allowed) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
}

async function emailOtp(deps: AuthDeps, request: AuthRequest, outbox: Outbox): Promise<Reply> {
  const address = validEmail(text(request.body, 'email'));
  const pkce = readPkce(request.body);
  await deps.db.transaction(async (tx) => {
    let user: UserRow | null = await findUserByEmail(tx, address);
    if (!user) {
      mayCreate(deps, request.body, 'email');
      user = await createUser(tx, { email: address, userMetadata: object(request.body, 'data') ?? {} });
      await audit(tx, 'user_signedup', user, request.ip, { provider: 'email', via: 'otp' });
    }
    const options = { redirectTo: request.redirectTo, pkce: Boolean(pkce) };
    if (user.email_confirmed_at) {
      if (pkce) await createFlowState(tx, user.id, pkce, 'magiclink');
      await sendRecoveryLike(deps, tx, user, outbox, 'magiclink', options);
    } else {
      if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
      await sendConfirmation(deps, tx, user, outbox, options);
    }
  });
  return json({});
}

async function phoneOtp(deps: AuthDeps, request: AuthRequest, outbox: Outbox): Promise<Reply> {
  const phone = validPhone(text(request.body, 'phone'));
  await deps.db.transaction(async (tx) => {
    let user: UserRow | null = await findUserByPhone(tx, phone);
    if (!user) {
      mayCreate(deps, request.body, 'phone');
      user = await createUser(tx, { phone, userMetadata: object(request.body, 'data') ?? {} });
      await audit(tx, 'user_signedup', user, request.ip, { provider: 'phone', via: 'otp' });
    }
    await sendPhoneCode(deps, tx, user, phone, 'confirmation', outbox);
  });
  return json({ message_id: randomUUID() });
}

/** POST /otp: a magic link and code by e-mail, or a code by SMS; may create the user. */
export async function otp(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  limitByIp(deps, request, 'sign_in_sign_ups');
  const outbox: Outbox = [];
  let reply: Reply;
  if (text(request.body, 'email')) reply = await emailOtp(deps, request, outbox);
  else if (text(request.body, 'phone')) reply = await phoneOtp(deps, request, outbox);
  else throw validationFailed('You must provide either an email or phone number.');
  await deliverAll(deps, outbox);
  return reply;
}
