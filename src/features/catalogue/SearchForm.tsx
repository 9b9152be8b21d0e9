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
  /** Lets the search read the form's fields as the visitor left them before hydration. */
  formRef?: Ref<HTMLFormElement>;
  onChange(event: SyntheticEvent<HTMLFormElement>): void;
  onSubmit(event: SyntheticEvent<HTMLFormElement>): void;
  /** The results: count, notices, list and pagination. */
  children: ReactNode;
}

/** The frame every catalogue listing shares: a GET search form with a query field, filters and results. */
export default function SearchForm(props: SearchFormProps) {
  const { pagePath, label, inputId, inputLabel, defaultQuery, placeholder, loading, filters, children } =
    props;
  const { formRef, onChange, onSubmit } = props;
  return (
    <form
      ref={formRef}
      method="get"
      action={pagePath}
      role="search"
      aria-label={label}
      onChange={onChange}
      onSubmit={onSubmit}
      className="container-page grid grid-cols-1 gap-8 py-8 lg:grid-cols-[18rem_minmax(0,1fr)]"
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
      <aside aria-label="Filters">
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
      <section aria-label="Results" aria-busy={loading} className="min-w-0">
        {children}
      </section>
    </form>
  );
}
