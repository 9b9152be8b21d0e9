import type { SelectHTMLAttributes } from 'react';
import { fieldId } from './Field.tsx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  name: string;
  label: string;
  formId: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
}

/** A labelled native select; its first option is the empty choice. */
export default function SelectField({ name, label, formId, options, error, ...select }: SelectFieldProps) {
  const id = fieldId(formId, name);
  return (
    // min-w-0: in a grid, the longest option would otherwise widen the column past a phone's screen.
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink-900">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`min-h-11 rounded-lg border bg-white px-3 text-ink-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none ${error ? 'border-danger-600' : 'border-ink-300'}`}
        {...select}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
