import type { Handler } from './deps.ts';
import * as admin from './routes/admin-users.ts';
import * as links from './routes/admin-links.ts';
import * as factors from './routes/factors.ts';
import * as identities from './routes/identities.ts';
import * as logout from './routes/logout.ts';
import * as otp from './routes/otp.ts';
import * as pub from './routes/public.ts';
import * as recover from './routes/recover.ts';
import * as signup from './routes/signup.ts';
import * as token from './routes/token.ts';
import * as user from './routes/user.ts';
import * as verify from './routes/verify.ts';

export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  /** Reachable without an API key, as the platform gateway's open routes. */
  open?: boolean;
}

const id = '(?<id>[^/]+)';

const routes: Route[] = [
  { method: 'GET', pattern: /^\/health$/, handler: pub.health, open: true },
  { method: 'GET', pattern: /^\/settings$/, handler: pub.settings, open: true },
  { method: 'GET', pattern: /^\/\.well-known\/jwks\.json$/, handler: pub.jwks, open: true },
  { method: 'GET', pattern: /^\/authorize$/, handler: pub.authorize, open: true },
  { method: 'GET', pattern: /^\/callback$/, handler: pub.callback, open: true },
  { method: 'POST', pattern: /^\/sso$/, handler: pub.sso },
  { method: 'POST', pattern: /^\/signup$/, handler: signup.signup },
  { method: 'POST', pattern: /^\/token$/, handler: token.token },
  { method: 'POST', pattern: /^\/(otp|magiclink)$/, handler: otp.otp },
  { method: 'GET', pattern: /^\/verify$/, handler: verify.verifyGet, open: true },
  { method: 'POST', pattern: /^\/verify$/, handler: verify.verifyPost },
  { method: 'POST', pattern: /^\/resend$/, handler: recover.resend },
  { method: 'POST', pattern: /^\/recover$/, handler: recover.recover },
  { method: 'GET', pattern: /^\/user$/, handler: user.getUser },
  { method: 'PUT', pattern: /^\/user$/, handler: user.updateUser },
  { method: 'GET', pattern: /^\/reauthenticate$/, handler: user.reauthenticate },
  { method: 'POST', pattern: /^\/logout$/, handler: logout.logout },
  { method: 'POST', pattern: /^\/factors$/, handler: factors.enroll },
  { method: 'POST', pattern: new RegExp(`^/factors/${id}/challenge$`), handler: factors.challenge },
  { method: 'POST', pattern: new RegExp(`^/factors/${id}/verify$`), handler: factors.verify },
  { method: 'DELETE', pattern: new RegExp(`^/factors/${id}$`), handler: factors.unenroll },
  { method: 'GET', pattern: /^\/user\/identities\/authorize$/, handler: identities.linkIdentity },
  { method: 'DELETE', pattern: new RegExp(`^/user/identities/${id}$`), handler: identities.unlinkIdentity },
  { method: 'GET', pattern: /^\/admin\/users$/, handler: admin.listUsers },
  { method: 'POST', pattern: /^\/admin\/users$/, handler: admin.createUserAdmin },
  { method: 'GET', pattern: new RegExp(`^/admin/users/${id}$`), handler: admin.getUserAdmin },
  { method: 'PUT', pattern: new RegExp(`^/admin/users/${id}$`), handler: admin.updateUserAdmin },
  { method: 'DELETE', pattern: new RegExp(`^/admin/users/${id}$`), handler: admin.deleteUserAdmin },
  { method: 'GET', pattern: new RegExp(`^/admin/users/${id}/factors$`), handler: admin.listFactorsAdmin },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/admin/users/${id}/factors/(?<factorId>[^/]+)$`),
    handler: admin.deleteFactorAdmin,
  },
  { method: 'POST', pattern: /^\/admin\/generate_link$/, handler: links.generateLink },
  { method: 'POST', pattern: /^\/invite$/, handler: links.invite },
];

/** The route for a request, with its path parameters. */
export function findRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return { route, params: { ...(match.groups ?? {}) } };
  }
  return null;
}
