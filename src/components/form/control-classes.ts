/** Tailwind classes of the admin screens' controls, matching the other fields in src/components/form. */
export const INPUT_CLASS =
  'min-h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-ink-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-danger-600';

export const BUTTON_CLASS = {
  primary:
    'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white shadow-sm hover:bg-brand-800',
  secondary:
    'inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-5 font-semibold text-brand-800 shadow-sm ring-1 ring-brand-300 ring-inset hover:bg-brand-50',
  danger:
    'inline-flex min-h-11 items-center justify-center rounded-lg bg-danger-600 px-5 font-semibold text-white shadow-sm hover:bg-red-800',
} as const;

export const LINK_CLASS = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export const PANEL_CLASS = 'rounded-xl bg-white p-6 shadow-sm ring-1 ring-ink-200';
