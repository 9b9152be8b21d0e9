import { forwardRef } from 'react';
import { fieldId } from './Field.tsx';

export interface ErrorSummaryProps {
  formId: string;
  message: string | undefined;
  fieldErrors: Record<string, string>;
  /** Labels by field name, so the summary links read like the fields they lead to. */
  labels: Record<string, string>;
}

/**
 * The list of problems at the top of a form, each linking to its field. It takes focus after a
 * failed submit so keyboard and screen reader users start from what needs fixing.
 */
const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { formId, message, fieldErrors, labels },
  ref,
) {
  const entries = Object.entries(fieldErrors).filter(([name]) => name in labels);
  if (!message && entries.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${formId}-summary-title`}
      className="rounded-lg border-l-4 border-danger-600 bg-white p-4 ring-1 ring-ink-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      data-testid="error-summary"
    >
      <p id={`${formId}-summary-title`} className="font-semibold text-ink-900">
        {message ?? 'Please correct the highlighted fields.'}
      </p>
      {entries.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {entries.map(([name, error]) => (
            <li key={name}>
              <a className="text-danger-600 underline" href={`#${fieldId(formId, name)}`}>
                {labels[name]}: {error}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

export default ErrorSummary;
