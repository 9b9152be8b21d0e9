import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { AuthError, badRequest, notFound, validationFailed } from './errors.ts';
import { text } from './params.ts';

export interface Pkce {
  challenge: string;
  method: 's256' | 'plain';
}

/** Flow states (and the codes they issue) live five minutes, as GoTrue's default. */
export const flowStateSeconds = 300;

/** The PKCE fields of a request, or null for the implicit flow. */
export function readPkce(body: Record<string, unknown>): Pkce | null {
  const challenge = text(body, 'code_challenge');
  const method = text(body, 'code_challenge_method').toLowerCase();
  if (!challenge && !method) return null;
  if (!challenge || !method)
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (method !== 's256' && method !== 'plain') throw validationFailed('code challenge method not supported');
  if (challenge.length < 43 || challenge.length > 128)
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  return { challenge, method };
}

export async function createFlowState(
  tx: Queryable,
  userId: string,
  pkce: Pkce,
  authMethod: string,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
        created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, authMethod],
  );
}

/** Issues the auth code of the user's latest flow state for this method; null when there is none. */
export async function issueAuthCode(
  tx: Queryable,
  userId: string,
  authMethod: string,
): Promise<string | null> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                  order by created_at desc limit 1)
      returning auth_code`,
    [userId, authMethod],
  );
  return rows[0]?.auth_code ?? null;
}

interface FlowStateRow {
  id: string;
  user_id: string;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: string;
  age: number;
}

/** Checks an auth code against its verifier and spends it; returns the user and the method it proves. */
export async function exchangeAuthCode(tx: Queryable, authCode: string, verifier: string) {
  if (!authCode || !verifier)
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  const { rows } = await tx.query<FlowStateRow>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
            extract(epoch from now() - coalesce(auth_code_issued_at, created_at))::float8 as age
       from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  );
  const state = rows[0];
  if (!state) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (Number(state.age) > flowStateSeconds) {
    await tx.query('delete from auth.flow_state where id = $1', [state.id]);
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const computed =
    state.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  if (computed !== state.code_challenge)
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  await tx.query('delete from auth.flow_state where id = $1', [state.id]);
  return { userId: state.user_id, authMethod: state.authentication_method };
}
