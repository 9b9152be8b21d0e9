import Field from '../../../components/form/Field.tsx';
import SelectField from '../../../components/form/SelectField.tsx';
import type { DraftAnswers } from '../draft.ts';
import type { Option, StepProps } from './step-props.ts';

type PersonalKey = keyof DraftAnswers['personal'];

const TEXT_FIELDS: {
  name: PersonalKey;
  label: string;
  autoComplete: string;
  type?: string;
  hint?: string;
}[] = [
  { name: 'full_name', label: 'Full name', autoComplete: 'name', hint: 'As it appears in your passport.' },
  { name: 'date_of_birth', label: 'Date of birth', autoComplete: 'bday', type: 'date' },
  {
    name: 'phone',
    label: 'Phone number',
    autoComplete: 'tel',
    type: 'tel',
    hint: 'With the country code, like +44 20 7946 0321.',
  },
  {
    name: 'passport_number',
    label: 'Passport number (optional)',
    autoComplete: 'off',
    hint: 'As printed in your passport. Admissions uses it to tell applicants apart.',
  },
  { name: 'address_line', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postal_code', label: 'Postal code (optional)', autoComplete: 'postal-code' },
];

/** Personal details, prefilled from the profile; changes here stay with this application. */
export default function PersonalStep({
  draft,
  errors,
  formId,
  update,
  countries,
}: StepProps & { countries: readonly Option[] }) {
  const personal = draft.answers.personal;
  const set = (name: PersonalKey, value: string) =>
    update((current) => ({
      answers: { ...current.answers, personal: { ...current.answers.personal, [name]: value } },
    }));
  const field = ({ name, label, autoComplete, type, hint }: (typeof TEXT_FIELDS)[number]) => (
    <Field
      key={name}
      formId={formId}
      name={name}
      label={label}
      hint={hint}
      type={type ?? 'text'}
      autoComplete={autoComplete}
      value={personal[name] ?? ''}
      error={errors[name]}
      onChange={(event) => set(name, event.target.value)}
    />
  );
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {TEXT_FIELDS.slice(0, 2).map(field)}
      <SelectField
        formId={formId}
        name="nationality"
        label="Nationality"
        options={countries}
        value={personal.nationality ?? ''}
        error={errors['nationality']}
        onChange={(event) => set('nationality', event.target.value)}
      />
      {TEXT_FIELDS.slice(2).map(field)}
      <SelectField
        formId={formId}
        name="country"
        label="Country you live in"
        options={countries}
        value={personal.country ?? ''}
        autoComplete="country"
        error={errors['country']}
        onChange={(event) => set('country', event.target.value)}
      />
    </div>
  );
}
