import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { openDatabase, projectSources } from '../db/open.ts';
import { readCatalog } from './introspect.ts';
import { renderTypes } from './render.ts';

/** The file `npm run types` writes, relative to the project. */
export const typesFile = 'src/lib/supabase/database.types.ts';

/** The PostgREST major the generated types declare; supabase-js gates 13-only features on it. */
const POSTGREST_VERSION = '12';

/**
 * The project's database types, formatted with its Prettier settings: an in-memory database gets
 * the migrations (not the seed, which holds data, not schema) and the exposed schemas are read
 * from its catalog. Schemas the API exposes but the database lacks (graphql_public here) are left
 * out, as the CLI leaves out schemas it does not find.
 */
export async function generateTypes(projectDir: string, schemas: string[]): Promise<string> {
  const sources = { ...projectSources(projectDir), seedFile: join(projectDir, '.no-seed') };
  const { db } = await openDatabase({ kind: 'memory' }, sources);
  try {
    const present = await db.query<{ nspname: string }>(
      'select nspname from pg_namespace where nspname = any($1)',
      [schemas],
    );
    const found = schemas.filter((s) => present.rows.some((r) => r.nspname === s));
    const source = renderTypes(await readCatalog(db, found), POSTGREST_VERSION);
    const file = resolve(projectDir, typesFile);
    const options = await resolveConfig(file);
    return await format(source, { ...options, filepath: file });
  } finally {
    await db.close();
  }
}
