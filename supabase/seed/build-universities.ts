import { countries, type CountrySpec } from './data/countries.ts';
import type { Random } from './prng.ts';
import { slugify } from './sql.ts';

export interface University {
  id: string;
  slug: string;
  name: string;
  country_code: string;
  country_name: string;
  city: string;
  type: 'public' | 'private';
  founded_year: number;
  ranking_world: number | null;
  ranking_national: number;
  website: string;
  description: string;
  logo_url: null;
  is_partner: boolean;
  currency: string;
  published: boolean;
  last_verified_at: string;
}

const strengths = [
  'research-led teaching',
  'industry partnerships',
  'small class sizes',
  'a historic city-centre campus',
  'strong graduate employment',
  'a large international community',
  'modern laboratories',
  'work placements',
];

/** Partners, and one university kept unpublished to exercise the visibility rules. */
const partners = new Set([
  'Brightmoor University',
  'Liffeybrook University',
  'Amstelhaven University',
  'Lakeshore Bay University',
  'Yarrawood University',
  'Sound Ridge University',
]);
const unpublished = new Set(['Flandres Nord University']);

export function verifiedAt(random: Random): string {
  // Within the year before 2026-11-21.
  const day = new Date(Date.UTC(2025, 10, 25) + random.int(0, 360) * 86_400_000);
  return `${day.toISOString().slice(0, 10)}T09:00:00Z`;
}

function describe(random: Random, name: string, city: string, spec: CountrySpec): string {
  const [first, second] = random.shuffle(strengths);
  return `${name} is a ${random.pick(['comprehensive', 'modern', 'research-intensive', 'career-focused'])} university in ${city}, ${spec.name}, known for ${first} and ${second}. International students are supported from application to graduation by a dedicated advice team.`;
}

export function buildUniversities(random: Random): University[] {
  return countries.flatMap((spec) =>
    spec.universities.map(([name, city, type], index) => {
      const slug = slugify(name);
      return {
        id: random.uuid(),
        slug,
        name,
        country_code: spec.code,
        country_name: spec.name,
        city,
        type,
        founded_year: type === 'private' ? random.int(1950, 2005) : random.int(1850, 1995),
        ranking_world: random.chance(0.75) ? random.int(120, 1400) : null,
        ranking_national: index * random.int(3, 9) + random.int(1, 6),
        website: `https://www.${slug}.example`,
        description: describe(random, name, city, spec),
        logo_url: null,
        is_partner: partners.has(name),
        currency: spec.currency,
        published: !unpublished.has(name),
        last_verified_at: verifiedAt(random),
      };
    }),
  );
}
