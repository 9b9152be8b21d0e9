import { z } from 'zod';
import { DECISION_OUTCOMES, type DecisionOutcome } from '../outcomes/decision-outcomes.ts';
import { PENDING_STATES, type PendingState } from '../release/decision-release.ts';

export const DECISIONS_PAGE_SIZE = 50;

/** What /admin/decisions shows, read from the URL so every view can be linked and reloaded. */
export interface DecisionsParams {
  /** Part of a reference or of an applicant's name. */
  q: string;
  /** An intake id, or '' for every intake. */
  intake: string;
  state: PendingState | '';
  outcome: DecisionOutcome | '';
  page: number;
}

export const DEFAULT_DECISIONS_PARAMS: DecisionsParams = {
  q: '',
  intake: '',
  state: '',
  outcome: '',
  page: 1,
};

// Unknown or malformed values fall back to the defaults: a hand-edited URL still shows the list.
const paramsSchema = z.object({
  q: z.string().trim().max(100).catch(''),
  intake: z.union([z.uuid(), z.literal('')]).catch(''),
  state: z.enum(['', ...PENDING_STATES]).catch(''),
  outcome: z.enum(['', ...DECISION_OUTCOMES]).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseDecisionsParams(search: URLSearchParams): DecisionsParams {
  const raw = Object.fromEntries(
    Object.keys(DEFAULT_DECISIONS_PARAMS).map((key) => [key, search.get(key) ?? undefined]),
  );
  return paramsSchema.parse(raw);
}

/** The list's URL for `params` changed by `change`, defaults left out; a filter change starts on page 1. */
export function decisionsHref(params: DecisionsParams, change: Partial<DecisionsParams> = {}): string {
  const next: DecisionsParams = { ...params, ...change, page: change.page ?? 1 };
  const search = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_DECISIONS_PARAMS) as (keyof DecisionsParams)[]) {
    if (next[key] !== DEFAULT_DECISIONS_PARAMS[key]) search.set(key, String(next[key]));
  }
  const query = search.toString();
  return query ? `/admin/decisions?${query}` : '/admin/decisions';
}

export function hasDecisionFilters(params: DecisionsParams): boolean {
  return Boolean(params.q || params.intake || params.state || params.outcome);
}
