import { randomUUID } from 'node:crypto';
import { audit } from '../audit.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { validationFailed } from '../errors.ts';
import { createFlowState, readPkce } from '../flow-state.ts';
import { limitByIp } from '../limits.ts';
import { deliverAll, type Outbox } from '../mail.ts';
import { sendEmailChange, sendPhoneCode } from '../account-messages.ts';
import { sendConfirmation, sendRecoveryLike } from '../messages.ts';
import { text, validEmail, validPhone } from '../params.ts';
import { findUserByEmail, findUserByPhone } from '../users.ts';

const resendTypes = ['signup', 'email_change', 'sms', 'phone_change'];

/** POST /recover: a password-recovery e-mail; answers the same whether or not the address is known. */
export async function recover(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  limitByIp(deps, request, 'sign_in_sign_ups');
  const address = validEmail(text(request.body, 'email'));
  const pkce = readPkce(request.body);
  const outbox: Outbox = [];
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, address);
    if (!user) return;
    if (pkce) await createFlowState(tx, user.id, pkce, 'recovery');
    await audit(tx, 'user_recovery_requested', user, request.ip);
    await sendRecoveryLike(deps, tx, user, outbox, 'recovery', {
      redirectTo: request.redirectTo,
      pkce: Boolean(pkce),
    });
  });
  await deliverAll(deps, outbox);
  return json({});
}

/** POST /resend: sends the pending confirmation again; unknown or settled addresses get `{}` too. */
export async function resend(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  limitByIp(deps, request, 'sign_in_sign_ups');
  const { body } = request;
  const type = text(body, 'type');
  const rawEmail = text(body, 'email');
  const rawPhone = text(body, 'phone');
  if (!type || (!rawEmail && !rawPhone))
    throw validationFailed('You must provide either an email or phone number and a type');
  if (!resendTypes.includes(type))
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  if (type === 'signup' && !rawEmail) throw validationFailed('Type provided requires an email address');
  if (type === 'sms' && !rawPhone) throw validationFailed('Type provided requires a phone number');
  if (rawEmail && rawPhone)
    throw validationFailed('Only an email address or phone number should be provided.');
  const pkce = readPkce(body);
  const outbox: Outbox = [];
  const sms = Boolean(rawPhone);
  await deps.db.transaction(async (tx) => {
    const user = rawEmail
      ? await findUserByEmail(tx, validEmail(rawEmail))
      : await findUserByPhone(tx, validPhone(rawPhone));
    if (!user) return;
    const options = { redirectTo: request.redirectTo, pkce: Boolean(pkce) };
    if (type === 'signup' && !user.email_confirmed_at) {
      if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
      await sendConfirmation(deps, tx, user, outbox, options);
    } else if (type === 'sms' && !user.phone_confirmed_at && user.phone)
      await sendPhoneCode(deps, tx, user, user.phone, 'confirmation', outbox);
    else if (type === 'email_change' && user.email_change) {
      if (pkce) await createFlowState(tx, user.id, pkce, 'email_change');
      await sendEmailChange(deps, tx, user, user.email_change, outbox, options);
    } else if (type === 'phone_change' && user.phone_change)
      await sendPhoneCode(deps, tx, user, user.phone_change, 'phone_change', outbox);
  });
  await deliverAll(deps, outbox);
  return json(sms ? { message_id: randomUUID() } : {});
}
