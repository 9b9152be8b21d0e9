import type { InputHTMLAttributes } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  /** The form field name; also the base of the element ids. */
  name: string;
  label: string;
  /** Prefix for ids when the same field name appears in several forms on one page. */
  formId: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
}

/** A labelled input whose hint and error are announced with it. */
export default function Field({ name, label, formId, error, hint, className, ...input }: FieldProps) {
  const id = fieldId(formId, name);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'flex flex-col gap-1.5'}>
      <label htmlFor={id} className="font-medium text-ink-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`min-h-11 rounded-lg border bg-white px-3 text-ink-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none ${error ? 'border-danger-600' : 'border-ink-300'}`}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
