import { anonymousClient } from './anonymous.server.ts';
import { backendAnswers } from './backend-unavailable.ts';
import { supabasePublicConfig } from './config.server.ts';

export interface BackendHealth {
  ok: boolean;
  /** The auth server answers its health route. */
  auth: boolean;
  /** The REST API answers a query of the database (the catalogue's version). */
  database: boolean;
}

/** Whether this server's backend answers, for load balancers: each part asked at once, briefly. */
export async function backendHealth(timeoutMs = 2000): Promise<BackendHealth> {
  const database = async () => {
    try {
      const { error } = await anonymousClient()
        .rpc('catalogue_version')
        .abortSignal(AbortSignal.timeout(timeoutMs));
      return !error;
    } catch {
      return false;
    }
  };
  const [auth, db] = await Promise.all([backendAnswers(supabasePublicConfig().url, timeoutMs), database()]);
  return { ok: auth && db, auth, database: db };
}
