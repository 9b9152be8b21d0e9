import { fieldId } from '../../components/form/Field.tsx';

const CONSENTS = [
  { name: 'consent_email', label: 'By e-mail' },
  { name: 'consent_phone', label: 'By phone' },
  { name: 'consent_whatsapp', label: 'On WhatsApp' },
] as const;

interface Props {
  formId: string;
  values: Record<string, string>;
}

/** Three separate permissions, none ticked until the visitor ticks it. */
export default function LeadConsents({ formId, values }: Props) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium text-ink-900">How may a counsellor contact you? (optional)</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {CONSENTS.map(({ name, label }) => (
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
              className="size-5 rounded border-ink-400 text-brand-700 focus:ring-2 focus:ring-brand-600"
            />
            {label}
          </label>
        ))}
      </div>
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
