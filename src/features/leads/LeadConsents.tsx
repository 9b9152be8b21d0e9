import { fieldId } from '../../components/form/Field.tsx';
import { CONSENT_FIELDS, NO_CONTACT_FIELD } from './schema.ts';

const CONSENT_LABELS: Readonly<Record<(typeof CONSENT_FIELDS)[number], string>> = {
  consent_email: 'By e-mail',
  consent_phone: 'By phone',
  consent_whatsapp: 'On WhatsApp',
};

interface Props {
  formId: string;
  values: Record<string, string>;
  errors?: Record<string, string>;
}

const box = 'size-5 rounded border-ink-400 text-brand-700 focus:ring-2 focus:ring-brand-600';

/**
 * Three separate permissions, none ticked until the visitor ticks it, or the explicit choice that
 * nobody contacts them. One of the two is required; the server checks the same rule.
 */
export default function LeadConsents({ formId, values, errors = {} }: Props) {
  const errorId = `${formId}-consents-error`;
  const error = errors['consent_email'] ?? errors[NO_CONTACT_FIELD];
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="font-medium text-ink-900">How may a counsellor contact you?</legend>
      <p className="text-sm text-ink-600">Tick at least one, or tick that you do not want to be contacted.</p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {CONSENT_FIELDS.map((name) => (
          <label
            key={name}
            htmlFor={fieldId(formId, name)}
            className="inline-flex min-h-11 items-center gap-2"
          >
            <input
              id={fieldId(formId, name)}
              type="checkbox"
              name={name}
              defaultChecked={values[name] === 'on'}
              className={box}
            />
            {CONSENT_LABELS[name]}
          </label>
        ))}
      </div>
      <label htmlFor={fieldId(formId, NO_CONTACT_FIELD)} className="inline-flex min-h-11 items-center gap-2">
        <input
          id={fieldId(formId, NO_CONTACT_FIELD)}
          type="checkbox"
          name={NO_CONTACT_FIELD}
          defaultChecked={values[NO_CONTACT_FIELD] === 'on'}
          className={box}
        />
        Do not contact me: nobody will call, e-mail or message me about this request
      </label>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
      <p className="text-sm text-ink-600">
        We use your details only to answer this request. See our{' '}
        <a className="text-brand-700 underline" href="/privacy/">
          privacy notice
        </a>
        .
      </p>
    </fieldset>
  );
}
