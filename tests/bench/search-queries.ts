/** What visitors type, keystroke by keystroke, and the filter combinations they pick. */
const typed = [
  'comp',
  'computer sc',
  'data sci',
  'nurs',
  'psych',
  'business',
  'mechanical eng',
  'law',
  'mba',
  'architec',
];
const whole = [
  'computer science',
  'machine learning',
  'public health',
  'international relations',
  'graphic design',
];

export interface SearchQuery {
  label: string;
  /** Named arguments of public.search_courses, as sent to /rest/v1/rpc/search_courses. */
  args: Record<string, string | number | string[]>;
}

export const SEARCH_QUERIES: SearchQuery[] = [
  ...[...typed, ...whole].map((q) => ({ label: `q=${q}`, args: { q } })),
  { label: 'q + level', args: { q: 'computer science', levels: ['master'] } },
  { label: 'q + countries', args: { q: 'business', countries: ['GB', 'IE'] } },
  { label: 'q + tuition', args: { q: 'nursing', max_tuition_usd: 30000 } },
  { label: 'level + country', args: { levels: ['bachelor'], countries: ['CA'] } },
  { label: 'sort by deadline', args: { sort: 'deadline' } },
];

const literal = (value: string | number | string[]): string => {
  if (typeof value === 'number') return String(value);
  const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
  return Array.isArray(value) ? `array[${value.map(quote).join(',')}]::text[]` : quote(value);
};

/** The SQL the REST layer runs for the same call (named arguments). */
export function searchSql(query: SearchQuery): string {
  const args = Object.entries(query.args).map(([name, value]) => `${name} => ${literal(value)}`);
  return `select * from public.search_courses(${args.join(', ')})`;
}

/** The same call through the REST API, as a GET (read-only RPC). */
export function searchPath(query: SearchQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query.args))
    params.set(name, Array.isArray(value) ? `{${value.join(',')}}` : String(value));
  return `/rest/v1/rpc/search_courses?${params}`;
}

/** The same text search through the app's own API, which the search island calls; filters have their own names there. */
export function appSearchPath(query: SearchQuery): string | undefined {
  const keys = Object.keys(query.args);
  if (keys.length !== 1 || typeof query.args['q'] !== 'string') return undefined;
  return `/api/catalogue/courses?${new URLSearchParams({ q: query.args['q'] })}`;
}
