/**
 * The bounds the stack puts on one request, kept in one place; supabase/local/README.md says which
 * come from hosted Supabase and which are the stack's own. Each is several times what the app uses.
 */
export const limits = {
  /** Bytes of a REST or RPC JSON body (the stack's own; PostgREST itself sets none). */
  restBodyBytes: 2 * 1024 * 1024,
  /** Nesting of arrays and objects in a JSON body (the stack's own: keeps parsing off deep recursion). */
  jsonDepth: 100,
  /** Levels of resource embedding in one `select` (the stack's own; the app nests two). */
  embedDepth: 5,
  /** Bytes of one REST response body, refused before it leaves the database (the stack's own). */
  responseBytes: 10 * 1024 * 1024,
} as const;
