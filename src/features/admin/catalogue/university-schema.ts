import { z } from 'zod';
import {
  checkboxRule,
  countryCodeRule,
  currencyRule,
  httpsUrlRule,
  nullableText,
  optionalNumber,
  optionalText,
  requiredText,
  slugRule,
} from './field-rules.ts';
import { UNIVERSITY_TYPES } from './options.ts';

/** The university edit form, mirroring public.universities' check constraints. */
export const universityFormSchema = z.object({
  name: requiredText('Name', 2, 200),
  slug: slugRule(120),
  country_code: countryCodeRule,
  country_name: nullableText('Country name', 100),
  city: requiredText('City', 1, 120),
  type: z.enum(UNIVERSITY_TYPES, { error: 'Choose public or private.' }),
  founded_year: optionalNumber('Founded year', { min: 1000, max: 2100, places: 0 }),
  ranking_world: optionalNumber('World ranking', { min: 1, max: 100000, places: 0 }),
  ranking_national: optionalNumber('National ranking', { min: 1, max: 100000, places: 0 }),
  website: httpsUrlRule,
  description: optionalText('Description', 5000),
  is_partner: checkboxRule,
  letter_signatory: nullableText('Letters signed by', 120),
  letter_signatory_title: nullableText('Signatory’s role', 120),
  currency: currencyRule,
  published: checkboxRule,
  verified: checkboxRule,
});
export type UniversityFormInput = z.infer<typeof universityFormSchema>;

/** The short form that starts a university; the rest is filled in on its edit page. */
export const universityCreateSchema = universityFormSchema.pick({
  name: true,
  slug: true,
  country_code: true,
  country_name: true,
  city: true,
  type: true,
  currency: true,
});
export type UniversityCreateInput = z.infer<typeof universityCreateSchema>;
