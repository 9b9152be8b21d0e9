/** Field labels of the university forms, shared by their parts and their error summaries. */
export const UNIVERSITY_LABELS = {
  name: 'Name',
  slug: 'Web address',
  country_code: 'Country',
  country_name: 'Country name',
  city: 'City',
  type: 'Type',
  founded_year: 'Founded year',
  ranking_world: 'World ranking',
  ranking_national: 'National ranking',
  website: 'Website',
  currency: 'Currency',
  letter_signatory: 'Letters signed by',
  letter_signatory_title: 'Signatory’s role',
  description: 'Description',
} as const;

export type UniversityField = keyof typeof UNIVERSITY_LABELS;
