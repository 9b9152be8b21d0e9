type Nullable<T> = { [K in keyof T]: null extends T[K] ? K : never }[keyof T];

/** The arguments with `null` values left out, those keys becoming optional. */
export type WithoutNulls<T> = Omit<T, Nullable<T>> & { [K in Nullable<T>]?: Exclude<T[K], null> };

/**
 * RPC arguments with the nulls left out. The generated `Args` (like `supabase gen types`) type an
 * argument that has a default as optional but never null; PostgREST gives a left-out argument its
 * default. Use it only where every nullable argument defaults to NULL, so nothing changes.
 */
export function withoutNulls<T extends Record<string, unknown>>(args: T): WithoutNulls<T> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) if (value !== null) kept[name] = value;
  // The loop keeps exactly the non-null entries, which is what WithoutNulls<T> describes.
  return kept as WithoutNulls<T>;
}

/**
 * A value for an RPC parameter that has no default but accepts NULL (e.g. "nobody" for an
 * assignee). The generated `Args` type every parameter as non-null, so this says what they cannot.
 */
export function nullableArg<T>(value: T | null): T {
  // PostgREST passes the null through to the function, which handles it.
  return value as T;
}
