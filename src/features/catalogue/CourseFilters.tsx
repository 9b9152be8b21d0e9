import { countryName } from '../../lib/countries.ts';
import { Checkboxes, NumberInput, Select } from './FilterControls.tsx';
import { LANGUAGE_LABELS, LEVEL_LABELS, MODE_LABELS, MONTH_NAMES } from './labels.ts';
import { COURSE_SORTS, LEVELS, STUDY_MODES, type CourseSearchInput } from './schema.ts';
import type { CourseFacets } from './types.ts';

const SORT_LABELS: Readonly<Record<(typeof COURSE_SORTS)[number], string>> = {
  relevance: 'Best match',
  tuition_asc: 'Tuition: lowest first',
  tuition_desc: 'Tuition: highest first',
  deadline: 'Deadline: soonest first',
  duration: 'Duration: shortest first',
  title: 'Title: A to Z',
};

/** The course filters, as plain form fields named like the query string. */
export default function CourseFilters({
  input,
  facets,
  display,
}: {
  input: CourseSearchInput;
  facets: CourseFacets;
  display: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-5">
      <Select label="Sort by" name="sort" value={input.sort}>
        {COURSE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </Select>
      <Checkboxes
        legend="Level"
        name="level"
        options={LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] ?? level }))}
        selected={input.level}
      />
      <Select label="Field of study" name="field" value={input.field[0]}>
        <option value="">Any field</option>
        {facets.fields.map((field) => (
          <option key={field.name} value={field.name}>
            {field.name} ({field.count})
          </option>
        ))}
      </Select>
      <Checkboxes
        legend="Country"
        name="country"
        options={facets.countries.map((country) => ({
          value: country.code,
          label: countryName(country.code),
        }))}
        selected={input.country}
      />
      <Select label="University" name="university" value={input.university[0]}>
        <option value="">Any university</option>
        {facets.universities.map((university) => (
          <option key={university.id} value={university.id}>
            {university.name}
          </option>
        ))}
      </Select>
      <NumberInput
        label={`Maximum tuition a year (${display})`}
        name="tuition_max"
        value={input.tuition_max}
      />
      <Select label="Maximum duration" name="duration_max" value={input.duration_max}>
        <option value="">Any length</option>
        {[12, 24, 36, 48].map((months) => (
          <option key={months} value={months}>
            Up to {months / 12} {months === 12 ? 'year' : 'years'}
          </option>
        ))}
      </Select>
      <Checkboxes
        legend="Study mode"
        name="mode"
        options={STUDY_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] ?? mode }))}
        selected={input.mode}
      />
      <Select label="Language of teaching" name="language" value={input.language[0]}>
        <option value="">Any language</option>
        {facets.languages.map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_LABELS[language] ?? language}
          </option>
        ))}
      </Select>
      <Select label="Intake month" name="intake" value={input.intake}>
        <option value="">Any month</option>
        {MONTH_NAMES.map((month, index) => (
          <option key={month} value={index + 1}>
            {month}
          </option>
        ))}
      </Select>
    </div>
  );
}
