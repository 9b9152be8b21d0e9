/** Shapes the catalogue pages, islands and JSON endpoints share. */

export interface CourseCard {
  id: string;
  slug: string;
  title: string;
  level: string;
  field: string;
  universityName: string;
  universityCity: string;
  countryCode: string;
  durationMonths: number;
  studyMode: string;
  language: string;
  tuitionAmount: number;
  tuitionCurrency: string;
  tuitionPeriod: 'year' | 'total';
  nextDeadline: string | null;
  minIelts: number | null;
}

export interface CourseResults {
  items: CourseCard[];
  /** Matches, capped by the search at 1,001 ("more than 1,000"). */
  total: number;
  page: number;
  pageCount: number;
  /** The query the results are for when the typed one found nothing and a correction did. */
  correctedFrom: string | null;
  /** A better spelling to offer when the typed query found few results. */
  suggestion: string | null;
}

export interface UniversityCard {
  id: string;
  slug: string;
  name: string;
  countryCode: string;
  countryName: string;
  city: string;
  type: string;
  rankingWorld: number | null;
  isPartner: boolean;
  currency: string;
  tuitionMin: number | null;
  tuitionMax: number | null;
  courseCount: number;
}

export interface UniversityResults {
  items: UniversityCard[];
  total: number;
  page: number;
  pageCount: number;
}

export interface Facets {
  countries: { code: string; name: string; count: number }[];
  cities: { name: string; country: string; count: number }[];
  fields: { name: string; count: number }[];
  /** The universities with the most published courses, not every one: see catalogue_facets(). */
  universities: { id: string; name: string; count: number }[];
  languages: string[];
}

/** The filter values /universities offers. */
export type UniversityFacets = Pick<Facets, 'countries' | 'cities'>;
/** The filter values /courses offers. */
export type CourseFacets = Pick<Facets, 'fields' | 'countries' | 'universities' | 'languages'>;

/** Rates in a JSON-friendly form for islands: currency → [rate to USD, as-of date]. */
export type RateTable = Record<string, { rateToUsd: number; asOf: string }>;
