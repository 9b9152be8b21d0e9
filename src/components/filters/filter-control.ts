/** The look of a filter bar's inputs and selects, matching the form fields in src/components/form. */
export const FILTER_CONTROL_CLASS =
  'min-h-11 max-w-full rounded-lg border border-ink-300 bg-white px-3 text-ink-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none';
