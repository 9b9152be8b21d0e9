import Field from '../../components/form/Field.tsx';
import SelectField from '../../components/form/SelectField.tsx';
import { fieldId } from '../../components/form/Field.tsx';
import type { IntakeOption } from './intakes.ts';
import { STUDY_LEVELS } from './schema.ts';

export const LEAD_LABELS: Record<string, string> = {
  name: 'Your name',
  email: 'E-mail address',
  phone: 'Phone number (optional)',
  country: 'Country you live in (optional)',
  level_of_interest: 'Level of study (optional)',
  field_of_interest: 'Subject you are interested in (optional)',
  preferred_intake: 'Preferred start (optional)',
  message: 'Your question (optional)',
  consent_email: 'How may a counsellor contact you?',
  no_contact: 'Do not contact me',
};

interface Props {
  formId: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  intakes: readonly IntakeOption[];
}

/** The visitor's details; `required` and `maxLength` mirror the schema for browsers without JS. */
export default function LeadFields({ formId, values, errors, intakes }: Props) {
  const text = (name: string, extra: Record<string, unknown> = {}) => (
    <Field
      formId={formId}
      name={name}
      label={LEAD_LABELS[name] ?? name}
      defaultValue={values[name] ?? ''}
      error={errors[name]}
      {...extra}
    />
  );
  const messageId = fieldId(formId, 'message');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('name', { required: true, maxLength: 120, autoComplete: 'name' })}
      {text('email', { type: 'email', required: true, maxLength: 254, autoComplete: 'email' })}
      {text('phone', { type: 'tel', maxLength: 24, autoComplete: 'tel' })}
      {text('country', { maxLength: 80, autoComplete: 'country-name' })}
      <SelectField
        formId={formId}
        name="level_of_interest"
        label={LEAD_LABELS['level_of_interest'] ?? ''}
        options={STUDY_LEVELS}
        defaultValue={values['level_of_interest'] ?? ''}
        error={errors['level_of_interest']}
      />
      {text('field_of_interest', { maxLength: 80 })}
      <SelectField
        formId={formId}
        name="preferred_intake"
        label={LEAD_LABELS['preferred_intake'] ?? ''}
        options={intakes}
        defaultValue={values['preferred_intake'] ?? ''}
        error={errors['preferred_intake']}
      />
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={messageId} className="font-medium text-ink-900">
          {LEAD_LABELS['message']}
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={3}
          maxLength={2000}
          defaultValue={values['message'] ?? ''}
          aria-invalid={errors['message'] ? true : undefined}
          aria-describedby={errors['message'] ? `${messageId}-error` : undefined}
          className="rounded-lg border border-ink-300 bg-white px-3 py-2 text-ink-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        {errors['message'] ? (
          <p id={`${messageId}-error`} className="text-sm font-medium text-danger-600">
            {errors['message']}
          </p>
        ) : null}
      </div>
    </div>
  );
}
