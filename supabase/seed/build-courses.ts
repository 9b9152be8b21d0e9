import type { University } from './build-universities.ts';
import { verifiedAt } from './build-universities.ts';
import { countries, type CountrySpec } from './data/countries.ts';
import { fields, type FieldSpec } from './data/programmes.ts';
import {
  courseDescription,
  courseTitle,
  englishMinimums,
  entryRequirements,
  type Level,
} from './course-text.ts';
import type { Random } from './prng.ts';
import { slugify, type SqlValue } from './sql.ts';

export type Course = Record<string, SqlValue> & { id: string; level: Level; university_id: string };

const plan: readonly Level[] = [
  'foundation',
  'diploma',
  'certificate',
  'bachelor',
  'bachelor',
  'bachelor',
  'master',
  'master',
  'master',
  'doctorate',
];
const levelFee: Record<Level, number> = {
  foundation: 0.75,
  diploma: 0.65,
  certificate: 0.45,
  bachelor: 1,
  master: 1.15,
  doctorate: 0.85,
};
const businessFields = new Set([
  'Business Administration',
  'Marketing',
  'Accounting and Finance',
  'Economics',
  'Hospitality and Tourism Management',
  'Data Science',
  'International Relations',
]);

function months(random: Random, level: Level, spec: CountrySpec, city: string): number {
  if (level === 'foundation') return spec.code === 'GB' ? 9 : 12;
  if (level === 'diploma') return random.pick([12, 18, 24]);
  if (level === 'certificate') return random.pick([6, 9, 12]);
  if (level === 'bachelor') return city === 'Glasgow' || city === 'Edinburgh' ? 48 : spec.bachelorMonths;
  if (level === 'master') return random.chance(0.8) ? spec.masterMonths : 24;
  return random.pick([36, 48]);
}

function tuition(random: Random, level: Level, f: FieldSpec, spec: CountrySpec, type: string): number {
  const [low, high] = spec.bachelorFee;
  const base = low + random.next() * (high - low);
  const fieldFactor =
    f.field === 'Nursing' || f.field === 'Pharmacy' ? 1.1 : /Engineering/.test(f.field) ? 1.08 : 1;
  const mba = f.master === 'MBA' && level === 'master' ? 1.35 : 1;
  const amount = base * levelFee[level] * fieldFactor * mba * (type === 'private' ? spec.privateFactor : 1);
  return Math.round(amount / 50) * 50;
}

function mode(random: Random, level: Level): string {
  if (level === 'certificate' && random.chance(0.4)) return 'online';
  if (level === 'master' && random.chance(0.25)) return random.pick(['part_time', 'blended']);
  return 'full_time';
}

export function buildCourses(random: Random, universities: readonly University[]): Course[] {
  return universities.flatMap((uni) => {
    const spec = countries.find((c) => c.code === uni.country_code);
    if (!spec) throw new Error(`no country ${uni.country_code}`);
    const businessSchool = /Business|Management/.test(uni.name);
    const pool = random.shuffle(fields.filter((f) => !businessSchool || businessFields.has(f.field)));
    const titles = new Set<string>();
    return plan.map((level, index) => {
      let f = pool[index % pool.length] as FieldSpec;
      let title = courseTitle(random, level, f, spec);
      for (let n = 1; titles.has(title); n++) {
        f = pool[(index + n) % pool.length] as FieldSpec;
        title = courseTitle(random, level, f, spec);
      }
      titles.add(title);
      const local = spec.localLanguage && (spec.code !== 'CA' || uni.city === 'Montreal');
      const language =
        local && level !== 'foundation' && random.chance(0.25) ? (spec.localLanguage ?? 'en') : 'en';
      const duration = months(random, level, spec, uni.city);
      const [feeLow, feeHigh] = spec.applicationFee;
      return {
        id: random.uuid(),
        slug: `${uni.slug}-${slugify(title)}`,
        university_id: uni.id,
        title,
        level,
        field: f.field,
        duration_months: duration,
        study_mode: mode(random, level),
        language,
        tuition_amount: tuition(random, level, f, spec, uni.type),
        tuition_currency: spec.currency,
        tuition_period: level === 'certificate' ? 'total' : 'year',
        application_fee: Math.round((feeLow + random.next() * (feeHigh - feeLow)) / 5) * 5,
        application_fee_currency: spec.currency,
        ...entryRequirements(random, level, f, language),
        ...englishMinimums(random, level, f, language),
        description: courseDescription(
          random,
          { title, level, months: duration, university: uni.name, city: uni.city },
          f,
          random.pick(fields.filter((o) => o !== f)),
        ),
        published: !random.chance(0.03),
        last_verified_at: verifiedAt(random),
      };
    });
  });
}
