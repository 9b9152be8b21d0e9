import type { ReactNode } from 'react';

const box = 'w-full min-w-0 rounded-lg border border-ink-300 bg-white px-3 py-2 text-base';

export function Checkboxes({
  legend,
  name,
  options,
  selected,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-ink-800">{legend}</legend>
      <div className="mt-2 flex max-h-48 flex-col gap-1 overflow-y-auto">
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={selected.includes(option.value)}
              className="size-4"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function Select({
  label,
  name,
  value,
  children,
}: {
  label: string;
  name: string;
  value: string | number | undefined;
  children: ReactNode;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold text-ink-800">
      {label}
      <select name={name} defaultValue={value === undefined ? '' : String(value)} className={box}>
        {children}
      </select>
    </label>
  );
}

export function NumberInput({
  label,
  name,
  value,
  hint,
}: {
  label: string;
  name: string;
  value: number | undefined;
  hint?: string;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold text-ink-800">
      {label}
      <input
        type="number"
        inputMode="numeric"
        name={name}
        min={0}
        step="any"
        defaultValue={value ?? ''}
        className={box}
      />
      {hint && <span className="text-xs font-normal text-ink-600">{hint}</span>}
    </label>
  );
}
