/** The ranking's filters, read from the address: all applications or complete reads only, a floor. */
export interface CommitteeFilters {
  complete: boolean;
  minScore: number | null;
  disagreementOnly: boolean;
}

export function parseCommitteeFilters(params: URLSearchParams): CommitteeFilters {
  const raw = (params.get('min') ?? '').trim();
  const min = /^\d{1,3}(\.\d)?$/.test(raw) ? Math.min(Number(raw), 100) : null;
  return {
    complete: params.get('reads') !== 'all',
    minScore: min,
    disagreementOnly: params.get('flag') === 'disagree',
  };
}

export function committeeHref(intakeId: string, filters: CommitteeFilters): string {
  const query = new URLSearchParams();
  if (!filters.complete) query.set('reads', 'all');
  if (filters.minScore !== null) query.set('min', String(filters.minScore));
  if (filters.disagreementOnly) query.set('flag', 'disagree');
  const text = query.toString();
  return `/admin-intake/${intakeId}/ranking${text ? `?${text}` : ''}`;
}
