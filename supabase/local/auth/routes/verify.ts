import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { AuthError, forbidden, validationFailed } from '../errors.ts';
import { issueAuthCode } from '../flow-state.ts';
import { limitByIp } from '../limits.ts';
import { findByCode, findByHash, type OneTimeToken } from '../one-time-tokens.ts';
import { text, validEmail, validPhone } from '../params.ts';
import { signIn } from '../sessions.ts';
import {
  amrFor,
  applyToken,
  flowMethodFor,
  halfwayMessage,
  tokenTypesFor,
  verifyTypes,
  type VerifyType,
} from '../verification.ts';

const linkInvalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');
const codeInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid');

function readType(value: string | null): VerifyType {
  if (!value) throw validationFailed('Verify requires a verification type');
  if (!(verifyTypes as readonly string[]).includes(value))
    throw validationFailed('Unsupported verification type');
  return value as VerifyType;
}

const client = (request: AuthRequest) => ({
  ip: request.ip,
  userAgent: String(request.req.headers['user-agent'] ?? ''),
});

/** Verifies a token and answers with a session, or the halfway message of an e-mail change. */
async function verifyToken(
  deps: AuthDeps,
  request: AuthRequest,
  type: VerifyType,
  token: OneTimeToken,
  redirectFlow: boolean,
) {
  return deps.db.transaction(async (tx) => {
    const user = await applyToken(deps, tx, token, request.ip);
    if (!user) return { halfway: true as const };
    if (redirectFlow && token.token_hash.startsWith('pkce_')) {
      const code = await issueAuthCode(tx, user.id, flowMethodFor(type, token));
      if (code) return { code };
    }
    return { session: await signIn(deps, tx, user, amrFor[type], client(request)) };
  });
}

/** POST /verify: a code with its address, or a token hash, for any verification type. */
export async function verifyPost(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  limitByIp(deps, request, 'token_verifications');
  const { body } = request;
  const type = readType(text(body, 'type'));
  const hash = text(body, 'token_hash');
  let token: OneTimeToken | null;
  if (hash) {
    if (text(body, 'email') || text(body, 'phone'))
      throw validationFailed('Only the token_hash and type should be provided');
    token = await findByHash(deps.db, hash, tokenTypesFor[type]);
    if (!token) throw linkInvalid();
  } else {
    const code = text(body, 'token');
    const email = text(body, 'email');
    const phone = text(body, 'phone');
    if (!code || (!email && !phone)) throw validationFailed('Verify requires either a token or a token hash');
    const address = email ? validEmail(email) : validPhone(phone);
    token = await findByCode(deps.db, address, code, tokenTypesFor[type]);
    if (!token) throw codeInvalid();
  }
  const result = await verifyToken(deps, request, type, token, false);
  if ('session' in result) return json(result.session);
  return json({ msg: halfwayMessage, code: 200 });
}

function withParams(base: string, separator: '#' | '?', params: Record<string, string>): string {
  const url = new URL(base);
  if (separator === '?') for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  else url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

/** GET /verify: the link in an e-mail. Redirects with the session (implicit), a code (PKCE) or an error. */
export async function verifyGet(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const params = request.url.searchParams;
  const hash = params.get('token') ?? '';
  const pkce = hash.startsWith('pkce_');
  try {
    limitByIp(deps, request, 'token_verifications');
    const type = readType(params.get('type'));
    const token = hash ? await findByHash(deps.db, hash, tokenTypesFor[type]) : null;
    if (!token) throw linkInvalid();
    const result = await verifyToken(deps, request, type, token, true);
    if ('halfway' in result)
      return { redirect: withParams(request.redirectTo, '#', { message: halfwayMessage, sb: '' }) };
    if ('code' in result) return { redirect: withParams(request.redirectTo, '?', { code: result.code }) };
    const s = result.session;
    return {
      redirect: withParams(request.redirectTo, '#', {
        access_token: String(s['access_token']),
        expires_at: String(s['expires_at']),
        expires_in: String(s['expires_in']),
        refresh_token: String(s['refresh_token']),
        sb: '',
        token_type: 'bearer',
        type,
      }),
    };
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const details = {
      error: error.status >= 500 ? 'server_error' : 'access_denied',
      error_code: error.code,
      error_description:
        error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
      sb: '',
    };
    const withQuery = pkce ? withParams(request.redirectTo, '?', details) : request.redirectTo;
    return { redirect: withParams(withQuery, '#', details) };
  }
}
