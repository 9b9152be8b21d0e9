import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';
import {
  universityCreateSchema,
  universityFormSchema,
} from '../../../src/features/admin/catalogue/university-schema.ts';

const VALID = {
  name: 'Northgate University',
  slug: 'northgate-university',
  country_code: 'gb',
  country_name: 'United Kingdom',
  city: 'Leeds',
  type: 'public',
  founded_year: '1904',
  ranking_world: '210',
  ranking_national: '',
  website: 'https://www.northgate.ac.uk',
  description: 'A research university.',
  is_partner: 'on',
  letter_signatory: ' Dr Amira Hassan ',
  letter_signatory_title: '',
  currency: 'gbp',
  published: 'on',
};

const errorsOf = (input: Record<string, string>) => {
  const result = universityFormSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe('university form', () => {
  it('turns a complete form into the row the table stores', () => {
    expect(universityFormSchema.parse(VALID)).toEqual({
      name: 'Northgate University',
      slug: 'northgate-university',
      country_code: 'GB',
      country_name: 'United Kingdom',
      city: 'Leeds',
      type: 'public',
      founded_year: 1904,
      ranking_world: 210,
      ranking_national: null,
      website: 'https://www.northgate.ac.uk',
      description: 'A research university.',
      is_partner: true,
      letter_signatory: 'Dr Amira Hassan',
      letter_signatory_title: null,
      currency: 'GBP',
      published: true,
      verified: false,
    });
  });

  it('reads unticked boxes and blank optional fields as false and null', () => {
    const { is_partner: _partner, published: _published, ...rest } = VALID;
    const parsed = universityFormSchema.parse({ ...rest, website: '', country_name: ' ', founded_year: '' });
    expect(parsed).toMatchObject({ is_partner: false, published: false, website: null, country_name: null });
    expect(parsed.founded_year).toBeNull();
  });

  it('stamps verification only when the box is ticked', () => {
    expect(universityFormSchema.parse({ ...VALID, verified: 'on' }).verified).toBe(true);
  });

  it('refuses a website that is not https', () => {
    expect(errorsOf({ ...VALID, website: 'http://www.northgate.ac.uk' })).toEqual({
      website: 'Enter a full https:// address, like https://www.example.ac.uk.',
    });
    expect(errorsOf({ ...VALID, website: 'northgate.ac.uk' })).toHaveProperty('website');
  });

  it.each([
    ['name', 'N', 'Name needs at least 2 characters.'],
    ['slug', 'Northgate Uni', 'Use lower-case letters and digits separated by single hyphens.'],
    ['slug', 'north--gate', 'Use lower-case letters and digits separated by single hyphens.'],
    ['country_code', 'GBR', 'Choose the country from the list.'],
    ['country_code', 'UK', 'Choose the country from the list.'],
    ['country_code', 'SU', 'Choose the country from the list.'],
    ['city', '  ', 'Enter the city.'],
    ['type', 'charity', 'Choose public or private.'],
    ['founded_year', '999', 'Founded year must be a whole number from 1000 to 2100.'],
    ['founded_year', '19.5', 'Founded year must be a whole number from 1000 to 2100.'],
    ['ranking_world', '0', 'World ranking must be a whole number from 1 to 100000.'],
    ['currency', 'POUND', 'Choose a three-letter currency code, like GBP.'],
  ])('refuses %s = %j', (field, value, message) => {
    expect(errorsOf({ ...VALID, [field]: value })).toEqual({ [field]: message });
  });

  it('reports every wrong field at once', () => {
    const errors = errorsOf({ ...VALID, name: '', city: '', website: 'ftp://x' });
    expect(Object.keys(errors).sort()).toEqual(['city', 'name', 'website']);
  });

  it('caps the slug at the column limit of 120 characters', () => {
    expect(errorsOf({ ...VALID, slug: 'a'.repeat(121) })).toHaveProperty('slug');
    expect(errorsOf({ ...VALID, slug: 'a'.repeat(120) })).toEqual({});
  });
});

describe('new university form', () => {
  it('needs only the identifying fields', () => {
    const input = {
      name: 'Lakeshore College',
      slug: 'lakeshore-college',
      country_code: 'CA',
      city: 'Toronto',
    };
    expect(universityCreateSchema.parse({ ...input, type: 'private', currency: 'CAD' })).toEqual({
      ...input,
      country_name: null,
      type: 'private',
      currency: 'CAD',
    });
  });

  it('refuses a form without a currency', () => {
    const result = universityCreateSchema.safeParse({
      name: 'Lakeshore College',
      slug: 'lakeshore-college',
      country_code: 'CA',
      city: 'Toronto',
      type: 'private',
    });
    expect(result.success).toBe(false);
    expect(result.error && fieldErrorsOf(result.error)).toEqual({ currency: 'Choose a currency.' });
  });
});
