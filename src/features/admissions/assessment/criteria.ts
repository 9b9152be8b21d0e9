/**
 * A scoresheet's criteria as the database keeps them (scoresheet_versions.criteria, checked there by
 * scoresheet_criteria_problem()): the key scores are stored under, the name readers see, a weight,
 * the scale and the words for each of its levels, and whether the reader may comment on it.
 */
export interface Criterion {
  key: string;
  label: string;
  weight: number;
  min: number;
  max: number;
  levels: string[];
  comment: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The criteria of a stored version; anything not in their shape is left out. */
export function readCriteria(value: unknown): Criterion[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): Criterion[] => {
    if (!isRecord(item)) return [];
    const { key, label, weight, min, max, levels, comment } = item;
    if (typeof key !== 'string' || typeof label !== 'string') return [];
    if (typeof weight !== 'number' || typeof min !== 'number' || typeof max !== 'number') return [];
    const words = Array.isArray(levels)
      ? levels.map((level) => (typeof level === 'string' ? level : ''))
      : [];
    return [{ key, label, weight, min, max, levels: words, comment: comment === true }];
  });
}

/** Each level of a criterion's scale with its words, lowest first. */
export function levelsOf(criterion: Criterion): Array<{ value: number; words: string }> {
  const levels: Array<{ value: number; words: string }> = [];
  for (let value = criterion.min; value <= criterion.max; value += 1)
    levels.push({ value, words: criterion.levels[value - criterion.min] ?? '' });
  return levels;
}

/** The recommendations a reader chooses from (read_recommendations() in the database), strongest first. */
export const RECOMMENDATIONS = ['strongly_recommend', 'recommend', 'undecided', 'do_not_recommend'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  strongly_recommend: 'Strongly recommend',
  recommend: 'Recommend',
  undecided: 'Undecided',
  do_not_recommend: 'Do not recommend',
};

export function recommendationLabel(value: string | null | undefined): string {
  return value && Object.hasOwn(RECOMMENDATION_LABELS, value)
    ? RECOMMENDATION_LABELS[value as Recommendation]
    : '';
}

/** A total from 0 to 100 as readers read it: "72.5". */
export function formatTotal(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  return Number.isFinite(number) ? String(Math.round(number * 10) / 10) : '';
}
