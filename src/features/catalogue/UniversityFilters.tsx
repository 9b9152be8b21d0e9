import { countryName } from '../../lib/countries.ts';
import { Checkboxes, NumberInput, Select } from './FilterControls.tsx';
import { RANKING_BANDS, UNIVERSITY_SORTS, type UniversitySearchInput } from './schema.ts';
import type { UniversityFacets } from './types.ts';

const SORT_LABELS: Readonly<Record<(typeof UNIVERSITY_SORTS)[number], string>> = {
  name: 'Name: A to Z',
  ranking: 'World ranking',
  tuition_asc: 'Tuition: lowest first',
  tuition_desc: 'Tuition: highest first',
};

/** The university filters, as plain form fields named like the query string. */
export default function UniversityFilters({
  input,
  facets,
  display,
}: {
  input: UniversitySearchInput;
  facets: UniversityFacets;
  display: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-5">
      <Select label="Sort by" name="sort" value={input.sort}>
        {UNIVERSITY_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </Select>
      <Checkboxes
        legend="Country"
        name="country"
        options={facets.countries.map((country) => ({
          value: country.code,
          label: `${countryName(country.code)} (${country.count})`,
        }))}
        selected={input.country}
      />
      <Select label="City" name="city" value={input.city[0]}>
        <option value="">Any city</option>
        {facets.cities.map((city) => (
          <option key={city.name} value={city.name}>
            {city.name} ({city.country})
          </option>
        ))}
      </Select>
      <Checkboxes
        legend="Type"
        name="type"
        options={[
          { value: 'public', label: 'Public' },
          { value: 'private', label: 'Private' },
        ]}
        selected={input.type}
      />
      <Select label="World ranking" name="ranking" value={input.ranking}>
        <option value="">Any ranking</option>
        {RANKING_BANDS.map((band) => (
          <option key={band} value={band}>
            Top {band}
          </option>
        ))}
      </Select>
      <NumberInput label={`Tuition from (${display} a year)`} name="tuition_min" value={input.tuition_min} />
      <NumberInput label={`Tuition up to (${display} a year)`} name="tuition_max" value={input.tuition_max} />
    </div>
  );
}
