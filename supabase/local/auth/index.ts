import type { Service, ServiceRequest, StackContext } from '../context.ts';
import { requireApiKey } from '../http/gateway.ts';
import { BodyTooLargeError, clientIp, readBody, sendJson } from '../http/respond.ts';
import type { AuthDeps, AuthRequest, Reply } from './deps.ts';
import { AuthError, OAuthError, sendAuthError } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import { resolveRedirect } from './redirects.ts';
import { findRoute } from './routes.ts';
import { readAuthConfig } from './settings.ts';
import { createAuthMailer } from './smtp.ts';

async function parseBody(request: ServiceRequest): Promise<Record<string, unknown>> {
  const method = request.req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return {};
  let raw: Buffer;
  try {
    raw = await readBody(request.req, 1024 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw new AuthError(413, 'request_entity_too_large', 'Request body too large');
    throw error;
  }
  const text = raw.toString('utf8').trim();
  if (!text) return {};
  if (String(request.req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
    throw new Error('expected a JSON object');
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
}

function send(request: ServiceRequest, reply: Reply): void {
  if ('redirect' in reply) {
    request.res.writeHead(reply.status ?? 303, { location: reply.redirect, 'content-length': 0 });
    request.res.end();
  } else if (reply.status === 204) {
    request.res.writeHead(204, reply.headers ?? {});
    request.res.end();
  } else sendJson(request.res, reply.status, reply.body ?? {}, reply.headers ?? {});
}

/** The GoTrue-compatible auth API under /auth/v1. */
export async function createAuthService(ctx: StackContext): Promise<Service> {
  const config = readAuthConfig(ctx.config);
  const deps: AuthDeps = {
    stack: ctx,
    db: ctx.db,
    config,
    issuer: `${ctx.apiUrl}/auth/v1`,
    limiter: new RateLimiter(),
    mailer: config.email.smtp ? createAuthMailer(config.email.smtp) : null,
  };
  return {
    close() {
      deps.mailer?.close();
      return Promise.resolve();
    },
    async handle(request) {
      const found = findRoute(request.req.method ?? 'GET', request.path);
      if (!found) {
        sendAuthError(request.req, request.res, new AuthError(404, 'not_found', 'Not Found'));
        return;
      }
      if (!found.route.open && !requireApiKey(request.caller, request.res)) return;
      try {
        const body = await parseBody(request);
        const requested =
          request.url.searchParams.get('redirect_to') ??
          (typeof body['redirect_to'] === 'string' ? body['redirect_to'] : null);
        const authRequest: AuthRequest = {
          ...request,
          params: found.params,
          ip: clientIp(request.req, config.rateLimit.trustForwardedFor),
          body,
          redirectTo: resolveRedirect(requested, config.siteUrl, config.additionalRedirectUrls),
        };
        send(request, await found.route.handler(deps, authRequest));
      } catch (error) {
        if (error instanceof AuthError || error instanceof OAuthError) {
          sendAuthError(request.req, request.res, error);
          return;
        }
        ctx.log(
          `auth: ${request.req.method} ${request.path} failed: ${(error as Error).stack ?? String(error)}`,
        );
        sendAuthError(
          request.req,
          request.res,
          new AuthError(
            500,
            'unexpected_failure',
            'Unexpected failure, please check server logs for more information',
          ),
        );
      }
    },
  };
}
