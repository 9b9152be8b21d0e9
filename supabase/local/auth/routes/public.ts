import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { notFound, validationFailed } from '../errors.ts';

const oauthProviders = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
];

export async function health(): Promise<Reply> {
  return json({
    version: 'v2.189.0',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

/** Which sign-in methods are on, as GoTrue publishes them. */
export async function settings(deps: AuthDeps): Promise<Reply> {
  const { config } = deps;
  const external: Record<string, boolean> = Object.fromEntries(oauthProviders.map((p) => [p, false]));
  Object.assign(external, {
    anonymous_users: config.enableAnonymousSignIns,
    email: config.email.enableSignup,
    phone: config.sms.enableSignup,
    saml: false,
    web3_solana: false,
    web3_ethereum: false,
  });
  return json({
    external,
    disable_signup: !config.enableSignup,
    mailer_autoconfirm: !config.email.confirmations,
    phone_autoconfirm: !config.sms.confirmations,
    sms_provider: 'twilio',
    saml_enabled: false,
    passkeys_enabled: false,
  });
}

export async function jwks(deps: AuthDeps): Promise<Reply> {
  return json(deps.stack.keys.jwks, 200, { 'cache-control': 'public, max-age=600' });
}

/** No OAuth provider is configured locally, so every provider answers as a disabled one does. */
export async function authorize(_deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  if (!request.url.searchParams.get('provider'))
    throw validationFailed('Unsupported provider: missing provider');
  throw validationFailed('Unsupported provider: provider is not enabled');
}

export async function callback(): Promise<Reply> {
  throw validationFailed('Unsupported provider: provider is not enabled');
}

export async function sso(): Promise<Reply> {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}
