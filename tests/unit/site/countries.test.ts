import { describe, expect, it } from 'vitest';
import {
  countryName,
  countryOptions,
  isIsoCountryCode,
  ISO_COUNTRY_CODES,
  LEGACY_COUNTRY_CODES,
  normaliseCountryCode,
} from '../../../src/lib/countries.ts';
import { personalStepSchema } from '../../../src/features/applications/schema.ts';

describe('the country list', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes, each once', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    for (const code of ISO_COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('offers every country once, named by Intl.DisplayNames, with no repeated name', () => {
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(new Set(options.map((option) => option.label)).size).toBe(249);
    for (const option of options) expect(option.label).not.toBe(option.value);
    expect(options.find((option) => option.value === 'GB')?.label).toBe('United Kingdom');
    expect(options.filter((option) => option.label === 'Germany').map((option) => option.value)).toEqual([
      'DE',
    ]);
    expect(options.filter((option) => option.label === 'Russia').map((option) => option.value)).toEqual([
      'RU',
    ]);
  });

  it('leaves out withdrawn and reserved codes', () => {
    const values = countryOptions().map((option) => option.value);
    for (const code of ['UK', 'DD', 'SU', 'YU', 'CS', 'DY', 'BU', 'TP', 'ZR', 'EU', 'UN', 'XK', 'ZZ'])
      expect(values).not.toContain(code);
  });

  it('maps old codes to the countries that replaced them', () => {
    expect(normaliseCountryCode('UK')).toBe('GB');
    expect(normaliseCountryCode(' dd ')).toBe('DE');
    expect(normaliseCountryCode('SU')).toBe('RU');
    expect(normaliseCountryCode('YU')).toBe('RS');
    expect(normaliseCountryCode('DY')).toBe('BJ');
    expect(normaliseCountryCode('gb')).toBe('GB');
    expect(normaliseCountryCode('QQ')).toBeNull();
    for (const [old, current] of Object.entries(LEGACY_COUNTRY_CODES)) {
      expect(isIsoCountryCode(old)).toBe(false);
      expect(isIsoCountryCode(current)).toBe(true);
    }
  });

  it('names a code, and returns anything else unchanged', () => {
    expect(countryName('NZ')).toBe('New Zealand');
    expect(countryName('UK')).toBe('UK');
  });

  it('is what the server accepts: a non-ISO code is refused', () => {
    const personal = {
      full_name: 'Amara Okafor',
      date_of_birth: '2001-04-02',
      nationality: 'NG',
      phone: '+234 803 555 0100',
      address_line: '12 Marina Road',
      city: 'Lagos',
      postal_code: '',
      country: 'NG',
    };
    expect(personalStepSchema.safeParse(personal).success).toBe(true);
    expect(personalStepSchema.safeParse({ ...personal, nationality: 'UK' }).success).toBe(false);
    expect(personalStepSchema.safeParse({ ...personal, country: 'SU' }).success).toBe(false);
  });
});
