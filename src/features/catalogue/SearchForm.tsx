import type { ReactNode, Ref, SyntheticEvent } from 'react';

export interface SearchFormProps {
  /** The listing page the GET form submits to without JavaScript. */
  pagePath: string;
  /** The search landmark's name. */
  label: string;
  inputId: string;
  inputLabel: string;
  defaultQuery: string | undefined;
  placeholder?: string;
  loading: boolean;
  filters: ReactNode;
  /** The search listens to the form's fields through it, and reads them as the visitor left them. */
  formRef?: Ref<HTMLFormElement>;
  onSubmit(event: SyntheticEvent<HTMLFormElement>): void;
  /** The current query string, whose filters the Filters button counts. */
  query: string;
  /** The result count in words ("12 courses"), shown beside the Filters button. */
  resultLabel: string;
  /** The results: count, notices, list and pagination. */
  children: ReactNode;
}

/** Query keys that are not filters: the search words, the order, the page and the currency. */
const NOT_FILTERS = new Set(['q', 'sort', 'page', 'currency']);

/** How many filters a query string sets (each ticked box or filled field counts once). */
export function activeFilterCount(query: string): number {
  let count = 0;
  for (const [key, value] of new URLSearchParams(query))
    if (!NOT_FILTERS.has(key) && value !== '') count += 1;
  return count;
}

/** The frame every catalogue listing shares: a GET search form with a query field, filters and results. */
export default function SearchForm(props: SearchFormProps) {
  const { pagePath, label, inputId, inputLabel, defaultQuery, placeholder, loading, filters, children } =
    props;
  const { formRef, onSubmit, query, resultLabel } = props;
  const active = activeFilterCount(query);
  return (
    <form
      ref={formRef}
      method="get"
      action={pagePath}
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      className="container-page grid grid-cols-1 gap-4 py-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-8 lg:py-8"
    >
      <div className="lg:col-span-2">
        <label htmlFor={inputId} className="block text-sm font-semibold text-ink-800">
          {inputLabel}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={inputId}
            type="search"
            name="q"
            defaultValue={defaultQuery}
            maxLength={120}
            autoComplete="off"
            {...(placeholder ? { placeholder } : {})}
            className="min-h-12 w-full min-w-0 rounded-lg border border-ink-300 px-4 text-base"
          />
          <button type="submit" className="min-h-12 rounded-lg bg-brand-700 px-6 font-semibold text-white">
            Search
          </button>
        </div>
      </div>
      {/*
        A disclosure that works without JavaScript: closed on a phone so the first result is on the
        first screen, always open from the lg breakpoint (its summary hidden there).
      */}
      <details className="group min-w-0 rounded-xl border border-ink-200 bg-white lg:border-0 lg:bg-transparent lg:[&::details-content]:[content-visibility:visible]">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 font-semibold text-ink-900 lg:hidden [&::-webkit-details-marker]:hidden">
          <span>
            Filters ({active})<span className="sr-only">, </span>
            <span className="ml-2 font-normal text-ink-700">{resultLabel}</span>
          </span>
          <span aria-hidden="true" className="transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <aside aria-label="Filters" className="px-4 pb-4 lg:p-0">
          <h2 className="mb-3 text-lg font-bold">Filters</h2>
          {filters}
          <button
            type="submit"
            className="mt-5 min-h-12 w-full rounded-lg border border-brand-700 font-semibold text-brand-800"
          >
            Apply filters
          </button>
          <a href={pagePath} className="mt-3 block text-center text-sm text-brand-700 underline">
            Clear all
          </a>
        </aside>
      </details>
      <section aria-labelledby={`${inputId}-results`} aria-busy={loading} className="min-w-0">
        {/* The results' own heading, so the headings run in order while the filters are folded. */}
        <h2 id={`${inputId}-results`} className="sr-only">
          Results
        </h2>
        {children}
      </section>
    </form>
  );
}
