import Field from '../../../components/form/Field.tsx';
import SelectField from '../../../components/form/SelectField.tsx';
import { PRIOR_LEVEL_OPTIONS } from '../entry-check.ts';
import type { EducationDraftRow } from '../draft.ts';
import type { StepProps } from './step-props.ts';

const BLANK: EducationDraftRow = {
  institution: '',
  qualification: '',
  field: '',
  country: '',
  start_year: '',
  end_year: '',
  grade: '',
  level: '',
};

const COLUMNS: { key: Exclude<keyof EducationDraftRow, 'level'>; label: string; numeric?: boolean }[] = [
  { key: 'institution', label: 'School or university' },
  { key: 'qualification', label: 'Qualification' },
  { key: 'field', label: 'Subject (optional)' },
  { key: 'start_year', label: 'Start year', numeric: true },
  { key: 'end_year', label: 'End year (or expected)', numeric: true },
  { key: 'grade', label: 'Grade (or expected)' },
];

/** Schools and universities, most recent first, prefilled from the profile. */
export default function AcademicStep({ draft, errors, formId, update }: StepProps) {
  const rows = draft.answers.academic.length > 0 ? draft.answers.academic : [BLANK];
  const setRows = (next: EducationDraftRow[]) =>
    update((current) => ({ answers: { ...current.answers, academic: next } }));
  const setCell = (index: number, key: keyof EducationDraftRow, value: string) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  return (
    <div className="flex flex-col gap-6">
      {errors['academic'] ? (
        <p id={`${formId}-academic`} className="text-sm font-medium text-danger-600">
          {errors['academic']}
        </p>
      ) : null}
      {rows.map((row, index) => (
        <fieldset key={index} className="rounded-lg p-4 ring-1 ring-ink-200">
          <legend className="px-1 font-semibold text-ink-900">Qualification {index + 1}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {COLUMNS.map(({ key, label, numeric }) => (
              <Field
                key={key}
                formId={formId}
                name={`academic.${index}.${key}`}
                label={label}
                value={row[key]}
                inputMode={numeric ? 'numeric' : undefined}
                maxLength={numeric ? 4 : undefined}
                error={errors[`academic.${index}.${key}`]}
                onChange={(event) => setCell(index, key, event.target.value)}
              />
            ))}
            <SelectField
              formId={formId}
              name={`academic.${index}.level`}
              label="Level (optional)"
              value={row.level}
              options={PRIOR_LEVEL_OPTIONS}
              error={errors[`academic.${index}.level`]}
              onChange={(event) => setCell(index, 'level', event.target.value)}
            />
          </div>
          {rows.length > 1 ? (
            <button
              type="button"
              className="mt-4 min-h-11 rounded-lg px-3 font-medium text-danger-600 underline"
              onClick={() => setRows(rows.filter((_, at) => at !== index))}
            >
              Remove qualification {index + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      {rows.length < 10 ? (
        <button
          type="button"
          className="min-h-11 self-start rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-300"
          onClick={() => setRows([...rows, BLANK])}
        >
          Add another qualification
        </button>
      ) : null}
    </div>
  );
}
