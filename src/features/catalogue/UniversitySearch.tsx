import type { SyntheticEvent } from 'react';
import Pagination from './Pagination.tsx';
import ResultCount from './ResultCount.tsx';
import type { UniversitySearchInput } from './schema.ts';
import type { Facets, RateTable, UniversityResults } from './types.ts';
import UniversityCard from './UniversityCard.tsx';
import UniversityFilters from './UniversityFilters.tsx';
import { formQuery, useInstantSearch } from './use-instant-search.ts';

export interface UniversitySearchProps {
  input: UniversitySearchInput;
  query: string;
  results: UniversityResults;
  facets: Facets;
  display: string;
  rates: RateTable;
}

/** The university list: a GET form without JavaScript, instant filtering with it. */
export default function UniversitySearch({
  input,
  query,
  results,
  facets,
  display,
  rates,
}: UniversitySearchProps) {
  const search = useInstantSearch({
    endpoint: '/api/catalogue/universities',
    pagePath: '/universities',
    initialQuery: query,
    initialData: results,
  });
  const onChange = (event: SyntheticEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    search.search(
      formQuery(event.currentTarget),
      target.type === 'search' || target.type === 'number' ? 250 : 0,
    );
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.search(formQuery(event.currentTarget), 0);
  };
  return (
    <form
      method="get"
      action="/universities"
      role="search"
      aria-label="Universities"
      onChange={onChange}
      onSubmit={onSubmit}
      className="container-page grid grid-cols-1 gap-8 py-8 lg:grid-cols-[18rem_minmax(0,1fr)]"
    >
      <div className="lg:col-span-2">
        <label htmlFor="university-q" className="block text-sm font-semibold text-ink-800">
          University name
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="university-q"
            type="search"
            name="q"
            defaultValue={input.q}
            maxLength={120}
            autoComplete="off"
            className="min-h-12 w-full min-w-0 rounded-lg border border-ink-300 px-4 text-base"
          />
          <button type="submit" className="min-h-12 rounded-lg bg-brand-700 px-6 font-semibold text-white">
            Search
          </button>
        </div>
      </div>
      <aside aria-label="Filters">
        <h2 className="mb-3 text-lg font-bold">Filters</h2>
        <UniversityFilters input={input} facets={facets} display={display} />
        <button
          type="submit"
          className="mt-5 min-h-12 w-full rounded-lg border border-brand-700 font-semibold text-brand-800"
        >
          Apply filters
        </button>
        <a href="/universities" className="mt-3 block text-center text-sm text-brand-700 underline">
          Clear all
        </a>
      </aside>
      <section aria-label="Results" aria-busy={search.loading} className="min-w-0">
        <ResultCount
          total={search.data.total}
          noun={['university', 'universities']}
          loading={search.loading}
        />
        {search.error && <p className="mt-2 text-danger-600">{search.error}</p>}
        <ul className="mt-4 grid gap-4">
          {search.data.items.map((university) => (
            <li key={university.id}>
              <UniversityCard university={university} display={display} rates={rates} />
            </li>
          ))}
        </ul>
        <Pagination
          pagePath="/universities"
          query={search.query}
          page={search.data.page}
          pageCount={search.data.pageCount}
          label="University result pages"
        />
      </section>
    </form>
  );
}
