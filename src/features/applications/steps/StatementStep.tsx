import { STATEMENT_MAX, STATEMENT_MIN } from '../schema.ts';
import type { StepProps } from './step-props.ts';

export interface StatementStepProps extends StepProps {
  /** The course asks for the statement as a file, uploaded with the other documents. */
  asFile: boolean;
  onToDocuments: () => void;
}

/**
 * The personal statement, asked for once: typed here with a live character count against the limits
 * submission enforces, or (where the course wants a file) uploaded on the Documents step.
 */
export default function StatementStep({
  draft,
  errors,
  formId,
  update,
  asFile,
  onToDocuments,
}: StatementStepProps) {
  const id = `${formId}-statement`;
  if (asFile) {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="statement-as-file">
        <p className="max-w-2xl text-ink-800">
          This course asks for your personal statement as a file (PDF or Word), between {STATEMENT_MIN} and{' '}
          {STATEMENT_MAX.toLocaleString('en-GB')} characters: your motivation, what you have done so far and
          what you hope to do next. There is nothing to type here; upload it with your other documents.
        </p>
        <button
          type="button"
          onClick={onToDocuments}
          className="min-h-11 rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-300 ring-inset hover:bg-brand-50"
        >
          Upload it on the Documents step
        </button>
      </div>
    );
  }
  const text = draft.answers.statement;
  const count = text.trim().length;
  const error = errors['statement'];
  const counter =
    count < STATEMENT_MIN
      ? `${count} of at least ${STATEMENT_MIN} characters`
      : `${count} of ${STATEMENT_MAX} characters`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink-900">
        Why do you want to study this course?
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-600">
        Between {STATEMENT_MIN} and {STATEMENT_MAX.toLocaleString('en-GB')} characters: your motivation, what
        you have done so far and what you hope to do next.
      </p>
      <textarea
        id={id}
        name="statement"
        rows={14}
        maxLength={STATEMENT_MAX}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) =>
          update((current) => ({ answers: { ...current.answers, statement: event.target.value } }))
        }
        className={`rounded-lg border bg-white p-3 text-ink-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none ${error ? 'border-danger-600' : 'border-ink-300'}`}
      />
      <p
        id={`${id}-count`}
        className={`text-sm ${count < STATEMENT_MIN ? 'text-ink-700' : 'text-success-600'}`}
      >
        {counter}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
