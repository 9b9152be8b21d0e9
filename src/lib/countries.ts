/**
 * The countries of ISO 3166-1: the officially assigned alpha-2 codes (249, as maintained by the
 * ISO 3166 Maintenance Agency), each once, named in English by the runtime's `Intl.DisplayNames`.
 * Withdrawn and reserved codes (UK, DD, SU, YU, CS, DY, …) are not countries here; stored ones are
 * mapped to their successors by LEGACY_COUNTRY_CODES (and the database's iso_country_code()).
 */
export const ISO_COUNTRY_CODES = [
  ...['AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ'],
  ...['BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS'],
  ...['BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN'],
  ...['CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE'],
  ...['EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF'],
  ...['GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM'],
  ...['HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM'],
  ...['JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC'],
  ...['LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK'],
  ...['ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA'],
  ...['NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG'],
  ...['PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW'],
  ...['SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS'],
  ...['ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO'],
  ...['TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI'],
  ...['VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'],
] as const;

export type CountryCode = (typeof ISO_COUNTRY_CODES)[number];

const ISO_SET: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);

/**
 * Withdrawn or unofficial codes people and old data still use, and the ISO code that replaced
 * them (for a split country, the main successor). Kept in step with iso_country_code() in
 * supabase/migrations/20261201000100_foundation.sql.
 */
export const LEGACY_COUNTRY_CODES: Readonly<Record<string, CountryCode>> = {
  UK: 'GB',
  EL: 'GR',
  DD: 'DE',
  SU: 'RU',
  YU: 'RS',
  CS: 'RS',
  DY: 'BJ',
  BU: 'MM',
  TP: 'TL',
  ZR: 'CD',
  FX: 'FR',
  RH: 'ZW',
  HV: 'BF',
  NH: 'VU',
  AN: 'CW',
};

export function isIsoCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && ISO_SET.has(value);
}

/** The ISO code for a stored or typed code (upper-cased, legacy codes mapped), or null. */
export function normaliseCountryCode(value: string): CountryCode | null {
  const code = value.trim().toUpperCase();
  if (isIsoCountryCode(code)) return code;
  return LEGACY_COUNTRY_CODES[code] ?? null;
}

export interface CountryOption {
  value: string;
  label: string;
}

let names: Intl.DisplayNames | undefined;

/** The English name of an ISO country code ("United Kingdom"), or the code itself. */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' });
  return isIsoCountryCode(code) ? (names.of(code) ?? code) : code;
}

let cached: CountryOption[] | undefined;

/** Every ISO 3166-1 country once, sorted by English name: the options of every country select. */
export function countryOptions(): CountryOption[] {
  cached ??= ISO_COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
    a.label.localeCompare(b.label, 'en'),
  );
  return cached;
}
