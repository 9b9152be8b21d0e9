export interface SubmitButtonProps {
  label: string;
  busy?: boolean;
  variant?: 'primary' | 'secondary' | 'danger';
}

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'bg-white text-brand-800 ring-1 ring-brand-300 ring-inset hover:bg-brand-50',
  danger: 'bg-danger-600 text-white hover:bg-red-800',
} as const;

/** Stays focusable while busy (aria-disabled), so focus is not lost mid-submit. */
export default function SubmitButton({ label, busy = false, variant = 'primary' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 font-semibold shadow-sm transition-colors ${VARIANTS[variant]} ${busy ? 'cursor-wait opacity-80' : ''}`}
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      ) : null}
      {label}
    </button>
  );
}
