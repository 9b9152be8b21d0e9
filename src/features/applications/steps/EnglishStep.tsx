import Field from '../../../components/form/Field.tsx';
import SelectField from '../../../components/form/SelectField.tsx';
import { ENGLISH_TEST_OPTIONS, englishScale } from '../../../lib/english-tests.ts';
import type { StepProps } from './step-props.ts';

/** The English test result this application relies on. */
export default function EnglishStep({ draft, errors, formId, update }: StepProps) {
  const result = draft.answers.english_test;
  const range = englishScale(result.test);
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
        options={ENGLISH_TEST_OPTIONS}
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
