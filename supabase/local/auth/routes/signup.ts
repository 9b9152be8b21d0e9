import { randomUUID } from 'node:crypto';
import { createUser, reloadUser } from '../accounts.ts';
import { audit } from '../audit.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { badRequest, unprocessable, validationFailed } from '../errors.ts';
import { createFlowState, readPkce } from '../flow-state.ts';
import { limitByIp } from '../limits.ts';
import { deliverAll, type Outbox } from '../mail.ts';
import { sendPhoneCode } from '../account-messages.ts';
import { sendConfirmation } from '../messages.ts';
import { object, text, validEmail, validPhone } from '../params.ts';
import { assertPasswordAcceptable } from '../password-policy.ts';
import { hashPassword } from '../passwords.ts';
import { signIn } from '../sessions.ts';
import { loadUserJson } from '../user-json.ts';
import { findUserByEmail, findUserByPhone } from '../users.ts';

const userAgent = (request: AuthRequest) => String(request.req.headers['user-agent'] ?? '');

/** What GoTrue answers for an address that is already registered: a user that does not exist. */
function obfuscatedUser(provider: 'email' | 'phone', address: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email: provider === 'email' ? address : '',
    phone: provider === 'phone' ? address : '',
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

async function anonymousSignIn(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  if (!deps.config.enableAnonymousSignIns)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  limitByIp(deps, request, 'anonymous_users');
  const data = object(request.body, 'data') ?? {};
  const body = await deps.db.transaction(async (tx) => {
    const user = await createUser(tx, { userMetadata: data, anonymous: true });
    await audit(tx, 'user_signedup', user, request.ip, { provider: 'anonymous' });
    return signIn(deps, tx, user, 'anonymous', { ip: request.ip, userAgent: userAgent(request) });
  });
  return json(body);
}

/** POST /signup: e-mail or phone with a password, or an anonymous user without either. */
export async function signup(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const { body } = request;
  const rawEmail = text(body, 'email');
  const rawPhone = text(body, 'phone');
  if (!rawEmail && !rawPhone) return anonymousSignIn(deps, request);
  limitByIp(deps, request, 'sign_in_sign_ups');
  if (!deps.config.enableSignup)
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const provider = rawEmail ? 'email' : 'phone';
  if (provider === 'email' && !deps.config.email.enableSignup)
    throw badRequest('email_provider_disabled', 'Email signups are disabled');
  if (provider === 'phone' && !deps.config.sms.enableSignup)
    throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const address = provider === 'email' ? validEmail(rawEmail) : validPhone(rawPhone);
  const password = text(body, 'password');
  if (!password) throw validationFailed('Signup requires a valid password');
  assertPasswordAcceptable(password, deps.config);
  const pkce = readPkce(body);
  const data = object(body, 'data') ?? {};
  const confirmations =
    provider === 'email' ? deps.config.email.confirmations : deps.config.sms.confirmations;
  const passwordHash = await hashPassword(password);
  const outbox: Outbox = [];
  const client = { ip: request.ip, userAgent: userAgent(request) };

  const reply = await deps.db.transaction(async (tx) => {
    const existing =
      provider === 'email' ? await findUserByEmail(tx, address) : await findUserByPhone(tx, address);
    const confirmed =
      existing && (provider === 'email' ? existing.email_confirmed_at : existing.phone_confirmed_at);
    if (existing && confirmed) {
      if (!confirmations) throw unprocessable('user_already_exists', 'User already registered');
      return obfuscatedUser(provider, address, data);
    }
    const user =
      existing ??
      (await createUser(tx, {
        email: provider === 'email' ? address : null,
        phone: provider === 'phone' ? address : null,
        passwordHash,
        userMetadata: data,
        emailConfirmed: !confirmations,
        phoneConfirmed: !confirmations,
      }));
    if (!confirmations) {
      await audit(tx, 'user_signedup', user, request.ip, { provider });
      return signIn(deps, tx, user, 'password', client);
    }
    await audit(tx, 'user_confirmation_requested', user, request.ip, { provider });
    if (provider === 'email') {
      if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
      await sendConfirmation(deps, tx, user, outbox, { redirectTo: request.redirectTo, pkce: Boolean(pkce) });
    } else await sendPhoneCode(deps, tx, user, address, 'confirmation', outbox);
    return loadUserJson(tx, await reloadUser(tx, user.id));
  });
  await deliverAll(deps, outbox);
  return json(reply);
}
