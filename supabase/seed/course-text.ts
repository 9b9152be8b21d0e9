import type { CountrySpec } from './data/countries.ts';
import { levelWords, type FieldSpec } from './data/programmes.ts';
import type { Random } from './prng.ts';

export type Level = 'foundation' | 'diploma' | 'certificate' | 'bachelor' | 'master' | 'doctorate';

export function courseTitle(random: Random, level: Level, f: FieldSpec, spec: CountrySpec): string {
  const specialisation = random.pick(f.specialisations);
  const honours = spec.code === 'GB' && /^B(Sc|A|Eng)$/.test(f.bachelor) ? ' (Hons)' : '';
  switch (level) {
    case 'foundation':
      return `International Foundation Year in ${f.field}`;
    case 'diploma':
      return random.chance(0.5) ? `Diploma of ${f.field}` : `Graduate Diploma in ${specialisation}`;
    case 'certificate':
      return random.chance(0.5)
        ? `Certificate in ${f.field}`
        : `Postgraduate Certificate in ${specialisation}`;
    case 'bachelor':
      if (f.bachelor === 'LLB' || f.bachelor === 'BPharm') return `${f.bachelor} ${f.field}`;
      return random.chance(0.6)
        ? `${f.bachelor}${honours} ${f.field}`
        : `${f.bachelor}${honours} ${f.field} with ${specialisation}`;
    case 'master':
      if (f.master === 'MBA') return random.chance(0.5) ? 'MBA' : `MBA (${specialisation})`;
      return random.chance(0.5) ? `${f.master} ${f.field}` : `${f.master} ${specialisation}`;
    case 'doctorate':
      return f.master === 'MBA' ? 'Doctor of Business Administration' : `PhD in ${f.field}`;
  }
}

export function courseDescription(
  random: Random,
  c: { title: string; level: Level; months: number; university: string; city: string },
  f: FieldSpec,
  other: FieldSpec,
): string {
  const [t1, t2, t3] = random.shuffle(f.topics);
  const [c1, c2] = random.shuffle(f.careers);
  const extra = random.pick([
    'a supervised final project',
    'an optional year in industry',
    'a semester abroad with partner universities',
    'small-group tutorials every week',
  ]);
  return `The ${c.title} at ${c.university} is a ${c.months}-month ${levelWords[c.level] ?? 'course'} taught in ${c.city}. You will study ${t1}, ${t2} and ${t3}, with ${extra}. Many students add elective modules in ${other.field.toLowerCase()}, such as ${random.pick(other.topics)}. Graduates work as ${c1}s or ${c2}s.`;
}

const ieltsBase: Record<Level, number> = {
  foundation: 5,
  diploma: 5.5,
  certificate: 6,
  bachelor: 6,
  master: 6.5,
  doctorate: 7,
};
const toefl: Record<string, number> = { '5': 45, '5.5': 60, '6': 79, '6.5': 90, '7': 100, '7.5': 110 };
const pte: Record<string, number> = { '5': 36, '5.5': 42, '6': 50, '6.5': 58, '7': 65, '7.5': 73 };
const duolingo: Record<string, number> = { '5': 85, '5.5': 95, '6': 105, '6.5': 115, '7': 125, '7.5': 135 };

/** English minimums by the usual concordance between tests; none when not taught in English. */
export function englishMinimums(random: Random, level: Level, f: FieldSpec, language: string) {
  if (language !== 'en') return { min_ielts: null, min_toefl: null, min_pte: null, min_duolingo: null };
  const bump = level === 'bachelor' && random.chance(0.4) ? 0.5 : 0;
  const ielts = Math.min(7.5, ieltsBase[level] + bump + (f.englishBonus ?? 0));
  const key = String(ielts);
  return {
    min_ielts: ielts,
    min_toefl: toefl[key] ?? null,
    min_pte: pte[key] ?? null,
    min_duolingo: random.chance(0.8) ? (duolingo[key] ?? null) : null,
  };
}

const prior: Record<Level, string> = {
  foundation: 'secondary',
  diploma: 'secondary',
  certificate: 'secondary',
  bachelor: 'secondary',
  master: 'bachelor',
  doctorate: 'master',
};

export function entryRequirements(random: Random, level: Level, f: FieldSpec, language: string) {
  const grade =
    level === 'foundation'
      ? random.int(50, 60)
      : level === 'bachelor'
        ? random.int(65, 85)
        : level === 'doctorate'
          ? random.int(65, 75)
          : random.int(55, 70);
  const gpa = Math.round((1.5 + (grade - 40) / 25) * 100) / 100;
  const earlier =
    prior[level] === 'secondary' ? 'secondary school (high school) studies' : `a ${prior[level]}'s degree`;
  const subject =
    level === 'bachelor' && /Engineering|Computer|Data|Economics/.test(f.field)
      ? ' including Mathematics'
      : '';
  const lang =
    language === 'en'
      ? ''
      : ` Teaching is in ${{ de: 'German', fr: 'French', nl: 'Dutch' }[language] ?? language}: B2 level or higher is required.`;
  const portfolio = f.needsPortfolio ? ' A portfolio of recent creative work is assessed.' : '';
  return {
    entry_requirements: `Completed ${earlier}${subject} with an overall grade of at least ${grade}% (GPA ${gpa.toFixed(2)} on a 4.0 scale).${lang}${portfolio}`,
    min_grade_percent: grade,
    min_gpa: Math.min(4, gpa),
    required_prior_level: prior[level],
  };
}
