import pg from 'pg';
import type { Database, QueryResult, Queryable } from './types.ts';

// 64-bit integers (count(*) and bigint columns) come back as numbers, as PGlite returns them.
pg.types.setTypeParser(20, (value: string) => Number(value));

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await client.query(sql, params as unknown[] | undefined);
      return {
        rows: result.rows as T[],
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: result.rowCount ?? 0,
      };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** Connects to a real Postgres server (DATABASE_URL) as a superuser, like the platform's own connection. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  await pool.query('select 1');
  const base = wrap(pool);
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return {
    kind: 'postgres',
    location: shown.toString(),
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
