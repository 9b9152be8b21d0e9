import { bool, section, str, type RawConfig } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import type { AuthDeps } from './deps.ts';
import { AuthError } from './errors.ts';
import { claimProblems, isObject } from './token-claims.ts';

/** A hook served by a Postgres function: `pg-functions://postgres/<schema>/<function>`. */
export interface PgFunctionHook {
  uri: string;
  /** The function as SQL names it, each part quoted. */
  sqlName: string;
}

/** GoTrue gives a Postgres hook two seconds before the statement is cancelled. */
const HOOK_TIMEOUT_MS = 2000;

const identifier = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** Parses a hook URI; the local stack runs Postgres-function hooks only (no HTTP hooks). */
export function parseHookUri(uri: string): PgFunctionHook {
  const match = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(uri);
  const [schema, name] = [match?.[1] ?? '', match?.[2] ?? ''];
  if (!identifier.test(schema) || !identifier.test(name))
    throw new Error(
      `auth hook uri ${JSON.stringify(uri)}: expected pg-functions://postgres/<schema>/<function>; ` +
        'the local stack does not call HTTP hooks',
    );
  return { uri, sqlName: `"${schema}"."${name}"` };
}

/** [auth.hook.<name>] as the Supabase CLI writes it: null unless enabled with a uri. */
export function readHook(config: RawConfig, name: string): PgFunctionHook | null {
  const hook = section(config, 'auth', 'hook', name);
  const uri = str(hook['uri'], '');
  if (!bool(hook['enabled'], false) || !uri) return null;
  return parseHookUri(uri);
}

export interface CustomAccessTokenInput {
  user_id: string;
  claims: Record<string, unknown>;
  authentication_method: string;
}

const failure = (message: string) => new AuthError(500, 'unexpected_failure', message);

/** What GoTrue makes of the hook's answer: its error, or claims that pass the minimum schema. */
function claimsFromOutput(output: unknown): Record<string, unknown> {
  const body = isObject(output) ? output : {};
  const error = body['error'];
  if (isObject(error) && typeof error['message'] === 'string' && error['message']) {
    const code = error['http_code'];
    const status = typeof code === 'number' && code >= 400 && code <= 599 ? code : 500;
    throw new AuthError(status, status === 500 ? 'unexpected_failure' : 'unknown', error['message']);
  }
  if (!('claims' in body)) throw failure('output claims field is missing');
  const claims = body['claims'];
  if (!isObject(claims)) throw failure('Error unmarshalling JSON output.');
  const problems = claimProblems(claims);
  if (problems.length > 0)
    throw failure(
      `output claims do not conform to the expected schema: \n${problems.map((p) => `- ${p}\n`).join('')}`,
    );
  return claims;
}

/**
 * The Custom Access Token hook, as GoTrue runs a Postgres one: inside the transaction that issues
 * the token, as `supabase_auth_admin`, under a statement timeout. A failing function fails the
 * token issue; without the hook configured the claims pass through unchanged.
 */
export async function customizeAccessToken(
  deps: AuthDeps,
  tx: Queryable,
  input: CustomAccessTokenInput,
): Promise<Record<string, unknown>> {
  const hook = deps.config.hooks.customAccessToken;
  if (!hook) return input.claims;
  let output: unknown;
  try {
    await tx.query(`set local statement_timeout = ${HOOK_TIMEOUT_MS}`);
    await tx.query('set local role supabase_auth_admin');
    const { rows } = await tx.query<{ output: unknown }>(`select ${hook.sqlName}($1::jsonb) as output`, [
      JSON.stringify(input),
    ]);
    output = rows[0]?.output;
    await tx.query('reset role');
    await tx.query('set local statement_timeout to default');
  } catch (error) {
    deps.stack.log(`auth: hook ${hook.uri} failed: ${(error as Error).message}`);
    throw failure(`Error running hook URI: ${hook.uri}`);
  }
  return claimsFromOutput(output);
}
