import type { PostgrestError } from '@supabase/supabase-js';

/**
 * The part of the PostgREST query builder the staff lists use (the review queue, the decisions list).
 * Declared here because the library's own types, parsed from the select text of an untyped client,
 * grow too deep for the compiler once the builder passes through a shared filter function.
 */
export interface ListQuery extends PromiseLike<{
  data: unknown;
  count: number | null;
  error: PostgrestError | null;
}> {
  eq(column: string, value: string): ListQuery;
  neq(column: string, value: string): ListQuery;
  is(column: string, value: null): ListQuery;
  or(filters: string, options?: { referencedTable?: string }): ListQuery;
  order(column: string, options?: { ascending?: boolean }): ListQuery;
  range(from: number, to: number): ListQuery;
}
