import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Keys } from '../keys.ts';
import { sendJson } from './respond.ts';

export interface GatewayCaller {
  /** The API key the request carried (`apikey` header or query parameter). */
  apiKey: string | null;
  /** Which key it is; null when absent or not one of the stack's keys. */
  apiKeyRole: 'anon' | 'service_role' | null;
  /** The JWT a service should verify: the caller's own token, or the one behind its API key. */
  bearer: string | null;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the API key and bearer token the way the platform gateway maps them. */
export function identifyCaller(req: IncomingMessage, url: URL, keys: Keys): GatewayCaller {
  const apiKey = header(req, 'apikey') ?? url.searchParams.get('apikey');
  let apiKeyRole: GatewayCaller['apiKeyRole'] = null;
  if (apiKey === keys.anonKey || apiKey === keys.publishableKey) apiKeyRole = 'anon';
  else if (apiKey === keys.serviceRoleKey || apiKey === keys.secretKey) apiKeyRole = 'service_role';

  const authorization = header(req, 'authorization');
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  let bearer: string | null;
  if (token && !token.startsWith('sb_')) bearer = token;
  else if (apiKeyRole === 'anon') bearer = keys.anonKey;
  else if (apiKeyRole === 'service_role') bearer = keys.serviceRoleKey;
  else bearer = apiKey ?? null;
  return { apiKey: apiKey ?? null, apiKeyRole, bearer };
}

/** Answers 401 as the gateway does when the key is missing or unknown; true when the request may go on. */
export function requireApiKey(caller: GatewayCaller, res: ServerResponse): boolean {
  if (!caller.apiKey) {
    sendJson(res, 401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    return false;
  }
  if (!caller.apiKeyRole) {
    sendJson(res, 401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
    return false;
  }
  return true;
}
