import { audit } from '../audit.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { AuthError, badRequest, OAuthError, unprocessable, validationFailed } from '../errors.ts';
import { exchangeAuthCode } from '../flow-state.ts';
import { limitByIp } from '../limits.ts';
import { text, validEmail, validPhone } from '../params.ts';
import { passwordWeakness } from '../password-policy.ts';
import { verifyPassword } from '../passwords.ts';
import { refreshSession } from '../refresh.ts';
import { signIn } from '../sessions.ts';
import { findUserByEmail, findUserById, findUserByPhone, isBanned } from '../users.ts';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');
const client = (request: AuthRequest) => ({
  ip: request.ip,
  userAgent: String(request.req.headers['user-agent'] ?? ''),
});

async function passwordGrant(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const { body } = request;
  const password = text(body, 'password');
  const rawEmail = text(body, 'email');
  const rawPhone = text(body, 'phone');
  if (!rawEmail && !rawPhone)
    throw validationFailed('Only an email address or phone number should be provided on login.');
  const identifier = rawEmail ? validEmail(rawEmail) : validPhone(rawPhone);
  const user = rawEmail
    ? await findUserByEmail(deps.db, identifier)
    : await findUserByPhone(deps.db, identifier);
  const ok = await verifyPassword(deps.db, password, user?.encrypted_password || null);
  if (!user || !ok || user.deleted_at) {
    if (user)
      await audit(deps.db, 'login_failed', user, request.ip, { provider: rawEmail ? 'email' : 'phone' });
    throw invalidCredentials();
  }
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (rawEmail && !user.email_confirmed_at && deps.config.email.confirmations)
    throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (rawPhone && !user.phone_confirmed_at && deps.config.sms.confirmations)
    throw badRequest('phone_not_confirmed', 'Phone not confirmed');
  const session = await deps.db.transaction(async (tx) => {
    await audit(tx, 'login', user, request.ip, { provider: rawEmail ? 'email' : 'phone' });
    return signIn(deps, tx, user, 'password', client(request));
  });
  const weakness = passwordWeakness(password, deps.config);
  return json(weakness ? { ...session, weak_password: weakness } : session);
}

async function pkceGrant(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const session = await deps.db.transaction(async (tx) => {
    const { userId, authMethod } = await exchangeAuthCode(
      tx,
      text(request.body, 'auth_code'),
      text(request.body, 'code_verifier'),
    );
    const user = await findUserById(tx, userId);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    await audit(tx, 'login', user, request.ip, { provider: 'email', flow: 'pkce' });
    return signIn(deps, tx, user, authMethod, client(request));
  });
  return json(session);
}

const oidcProviders = new Set(['google', 'apple', 'azure', 'facebook', 'keycloak', 'kakao']);

/** POST /token?grant_type=…: password, refresh_token and pkce; identity-provider grants are off. */
export async function token(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  limitByIp(deps, request, 'token_refresh');
  const grant = request.url.searchParams.get('grant_type') ?? text(request.body, 'grant_type');
  switch (grant) {
    case 'password':
      return passwordGrant(deps, request);
    case 'refresh_token': {
      const refreshToken = text(request.body, 'refresh_token');
      if (!refreshToken) throw new OAuthError(400, 'invalid_request', 'refresh_token required');
      return json(await refreshSession(deps, refreshToken, client(request)));
    }
    case 'pkce':
      return pkceGrant(deps, request);
    case 'id_token': {
      const provider = text(request.body, 'provider');
      if (oidcProviders.has(provider))
        throw badRequest('provider_disabled', `Provider (issuer "${provider}") is not enabled`);
      throw validationFailed(`Custom OIDC provider "${provider}" not allowed`);
    }
    case 'web3':
      throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}
