import Field from '../../../components/form/Field.tsx';
import SelectField from '../../../components/form/SelectField.tsx';
import { ENGLISH_TESTS } from '../schema.ts';
import type { StepProps } from './step-props.ts';

const TESTS = Object.entries(ENGLISH_TESTS).map(([value, test]) => ({ value, label: test.label }));

/** The English test result this application relies on. */
export default function EnglishStep({ draft, errors, formId, update }: StepProps) {
  const result = draft.answers.english_test;
  const range = ENGLISH_TESTS[result.test as keyof typeof ENGLISH_TESTS] as
    (typeof ENGLISH_TESTS)[keyof typeof ENGLISH_TESTS] | undefined;
  const set = (name: 'test' | 'score' | 'taken_on', value: string) =>
    update((current) => ({
      answers: { ...current.answers, english_test: { ...current.answers.english_test, [name]: value } },
    }));
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <SelectField
        formId={formId}
        name="test"
        label="Test"
        options={TESTS}
        value={result.test ?? ''}
        error={errors['test']}
        onChange={(event) => set('test', event.target.value)}
      />
      <Field
        formId={formId}
        name="score"
        label="Overall score"
        inputMode="decimal"
        hint={range ? `${range.min} to ${range.max}` : undefined}
        value={result.score ?? ''}
        error={errors['score']}
        onChange={(event) => set('score', event.target.value)}
      />
      <Field
        formId={formId}
        name="taken_on"
        label="Date taken"
        type="date"
        value={result.taken_on ?? ''}
        error={errors['taken_on']}
        onChange={(event) => set('taken_on', event.target.value)}
      />
    </div>
  );
}
