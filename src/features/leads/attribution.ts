import { UTM_FIELDS, type UtmField } from './schema.ts';

export type Attribution = Partial<Record<UtmField | 'referrer', string>>;

const STORAGE_KEY = 'unipath-lead-attribution';

/** The UTM parameters of a query string, each trimmed and capped at 200 characters. */
export function utmFrom(search: string): Attribution {
  const params = new URLSearchParams(search);
  const found: Attribution = {};
  for (const field of UTM_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) found[field] = value.slice(0, 200);
  }
  return found;
}

/** A referrer from another site, without its query or fragment; same-site and blank referrers count as none. */
export function externalReferrer(referrer: string, ownOrigin: string): string | undefined {
  try {
    const url = new URL(referrer);
    if (url.origin === ownOrigin || !/^https?:$/.test(url.protocol)) return undefined;
    return `${url.origin}${url.pathname}`.slice(0, 500);
  } catch {
    return undefined;
  }
}

/**
 * First touch wins within a visit: the campaign and referrer that brought the visitor stay attached
 * to a lead sent pages later, unless a newer campaign link arrives.
 */
export function mergeAttribution(stored: Attribution, current: Attribution): Attribution {
  const hasCampaign = UTM_FIELDS.some((field) => current[field]);
  const campaign = hasCampaign ? current : stored;
  const utm = Object.fromEntries(
    UTM_FIELDS.flatMap((field) => (campaign[field] ? [[field, campaign[field]]] : [])),
  );
  const referrer = stored.referrer ?? current.referrer;
  return { ...utm, ...(referrer ? { referrer } : {}) };
}

/** This visit's attribution in the browser, remembered in sessionStorage across pages. */
export function captureAttribution(): Attribution {
  const current: Attribution = { ...utmFrom(window.location.search) };
  const referrer = externalReferrer(document.referrer, window.location.origin);
  if (referrer) current.referrer = referrer;
  let stored: Attribution = {};
  try {
    stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Attribution;
  } catch {
    stored = {};
  }
  const merged = mergeAttribution(stored, current);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(merged));
  } catch {
    // Storage may be off (private mode); the lead then carries this page's attribution only.
  }
  return merged;
}
