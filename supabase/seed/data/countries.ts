/**
 * Countries in the demo catalogue with plausible yearly international tuition (local currency,
 * bachelor level) and invented universities in real cities. No name belongs to a real institution.
 */
export interface CountrySpec {
  code: string;
  name: string;
  currency: string;
  /** Yearly bachelor tuition range for international students at a public university. */
  bachelorFee: readonly [number, number];
  /** Multiplier for private universities. */
  privateFactor: number;
  applicationFee: readonly [number, number];
  /** Typical bachelor length in months. */
  bachelorMonths: number;
  /** Typical taught master length in months. */
  masterMonths: number;
  /** A local teaching language other than English, if courses may use it. */
  localLanguage?: string;
  universities: readonly (readonly [name: string, city: string, type: 'public' | 'private'])[];
}

export const countries: readonly CountrySpec[] = [
  {
    code: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    bachelorFee: [16500, 27500],
    privateFactor: 1.1,
    applicationFee: [0, 75],
    bachelorMonths: 36,
    masterMonths: 12,
    universities: [
      ['Ashcombe University', 'Bristol', 'public'],
      ['Brightmoor University', 'Manchester', 'public'],
      ['Calderwood University', 'Leeds', 'public'],
      ['Fenmarch University', 'Nottingham', 'public'],
      ['Glenhollow University', 'Glasgow', 'public'],
      ['Northmere University', 'Edinburgh', 'public'],
      ['Tafwen University', 'Cardiff', 'public'],
      ['Kestrel Hall Business School', 'London', 'private'],
    ],
  },
  {
    code: 'IE',
    name: 'Ireland',
    currency: 'EUR',
    bachelorFee: [14000, 24000],
    privateFactor: 1.1,
    applicationFee: [0, 50],
    bachelorMonths: 48,
    masterMonths: 12,
    universities: [
      ['Liffeybrook University', 'Dublin', 'public'],
      ['Leeside University', 'Cork', 'public'],
      ['Corrib Institute of Technology', 'Galway', 'public'],
      ['Shannonvale University', 'Limerick', 'public'],
    ],
  },
  {
    code: 'NL',
    name: 'Netherlands',
    currency: 'EUR',
    bachelorFee: [9500, 16000],
    privateFactor: 1.4,
    applicationFee: [0, 100],
    bachelorMonths: 36,
    masterMonths: 12,
    localLanguage: 'nl',
    universities: [
      ['Amstelhaven University', 'Amsterdam', 'public'],
      ['Domstad University of Applied Sciences', 'Utrecht', 'public'],
      ['Hunzeveld University', 'Groningen', 'public'],
      ['Maasbrug University', 'Rotterdam', 'public'],
      ['Lichtstad Institute of Technology', 'Eindhoven', 'public'],
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    currency: 'EUR',
    bachelorFee: [0, 3000],
    privateFactor: 1,
    applicationFee: [0, 75],
    bachelorMonths: 36,
    masterMonths: 24,
    localLanguage: 'de',
    universities: [
      ['Spreehafen University', 'Berlin', 'public'],
      ['Isarhoehe University of Applied Sciences', 'Munich', 'public'],
      ['Alsterkamp University', 'Hamburg', 'public'],
      ['Rheinbogen University', 'Cologne', 'public'],
      ['Neckarblick School of Management', 'Heidelberg', 'private'],
    ],
  },
  {
    code: 'FR',
    name: 'France',
    currency: 'EUR',
    bachelorFee: [2900, 3900],
    privateFactor: 4.5,
    applicationFee: [0, 120],
    bachelorMonths: 36,
    masterMonths: 24,
    localLanguage: 'fr',
    universities: [
      ['Confluence University Lyon', 'Lyon', 'public'],
      ['Pastel University Toulouse', 'Toulouse', 'public'],
      ['Gironde Atlantic University', 'Bordeaux', 'public'],
      ['Seine-Rivoli School of Business', 'Paris', 'private'],
      ['Flandres Nord University', 'Lille', 'public'],
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    currency: 'CAD',
    bachelorFee: [31000, 52000],
    privateFactor: 1.1,
    applicationFee: [100, 180],
    bachelorMonths: 48,
    masterMonths: 24,
    localLanguage: 'fr',
    universities: [
      ['Lakeshore Bay University', 'Toronto', 'public'],
      ['Pacific Cedar University', 'Vancouver', 'public'],
      ['Rivebelle University', 'Montreal', 'public'],
      ['Harbourlight University', 'Halifax', 'public'],
      ['Foothills Prairie University', 'Calgary', 'public'],
    ],
  },
  {
    code: 'AU',
    name: 'Australia',
    currency: 'AUD',
    bachelorFee: [32000, 48000],
    privateFactor: 1.05,
    applicationFee: [0, 150],
    bachelorMonths: 36,
    masterMonths: 24,
    universities: [
      ['Yarrawood University', 'Melbourne', 'public'],
      ['Jacaranda Coast University', 'Sydney', 'public'],
      ['Coralbay University', 'Brisbane', 'public'],
      ['Swanreach University', 'Perth', 'public'],
      ['Torrensvale University', 'Adelaide', 'public'],
    ],
  },
  {
    code: 'NZ',
    name: 'New Zealand',
    currency: 'NZD',
    bachelorFee: [28000, 42000],
    privateFactor: 1.05,
    applicationFee: [0, 100],
    bachelorMonths: 36,
    masterMonths: 12,
    universities: [
      ['Rangitoto University', 'Auckland', 'public'],
      ['Harbour Capital University', 'Wellington', 'public'],
      ['Avonmere University', 'Christchurch', 'public'],
      ['Otakou Southern University', 'Dunedin', 'public'],
    ],
  },
  {
    code: 'US',
    name: 'United States',
    currency: 'USD',
    bachelorFee: [27000, 42000],
    privateFactor: 1.45,
    applicationFee: [50, 90],
    bachelorMonths: 48,
    masterMonths: 24,
    universities: [
      ['Bayhill University', 'Boston', 'private'],
      ['Lakefront Institute of Technology', 'Chicago', 'private'],
      ['Sound Ridge University', 'Seattle', 'public'],
      ['Hill Country State University', 'Austin', 'public'],
      ['Aspenridge University', 'Denver', 'public'],
      ['Rosewater University', 'Portland', 'private'],
      ['Magnolia State University', 'Atlanta', 'public'],
    ],
  },
];

/** Exchange rates to US dollars on the rate date the seed uses. */
export const ratesToUsd: Readonly<Record<string, number>> = {
  USD: 1,
  GBP: 1.268,
  EUR: 1.0825,
  CAD: 0.7185,
  AUD: 0.6542,
  NZD: 0.5968,
  // Where applicants come from: approximate rates for the demo catalogue, not market data.
  AED: 0.2723,
  BDT: 0.00835,
  BRL: 0.181,
  CHF: 1.128,
  CNY: 0.1385,
  COP: 0.000245,
  DKK: 0.1451,
  EGP: 0.0203,
  ETB: 0.0081,
  GHS: 0.0651,
  HKD: 0.1285,
  IDR: 0.0000613,
  INR: 0.01185,
  JPY: 0.00655,
  KES: 0.00773,
  KRW: 0.000715,
  KZT: 0.00198,
  LKR: 0.00334,
  MAD: 0.1002,
  MXN: 0.0538,
  MYR: 0.226,
  NGN: 0.00065,
  NOK: 0.0905,
  NPR: 0.0074,
  PHP: 0.0172,
  PKR: 0.00357,
  PLN: 0.2515,
  SAR: 0.2667,
  SEK: 0.0935,
  SGD: 0.756,
  THB: 0.0291,
  TRY: 0.029,
  UAH: 0.0241,
  VND: 0.0000393,
  ZAR: 0.0552,
};
