import type { Queryable } from '../db/types.ts';

/** The metadata Storage keeps for every object file. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  version: string;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export const objectColumns = `id, bucket_id, name, owner, owner_id, metadata, user_metadata, version,
  created_at, updated_at, last_accessed_at`;
export const bucketColumns = `id, name, owner, owner_id, public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`;

/** Timestamps as ISO strings whichever driver returned them. */
export function isoRow<T extends object>(row: T): T {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) if (value instanceof Date) out[key] = value.toISOString();
  return out as T;
}

export async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await db.query<ObjectRow>(
    `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows[0] ? isoRow(rows[0]) : null;
}

export async function findBucket(db: Queryable, id: string): Promise<BucketRow | null> {
  const { rows } = await db.query<BucketRow>(`select ${bucketColumns} from storage.buckets where id = $1`, [
    id,
  ]);
  return rows[0] ? isoRow(rows[0]) : null;
}
