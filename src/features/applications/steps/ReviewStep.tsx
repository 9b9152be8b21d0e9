import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import SubmitButton from '../../../components/form/SubmitButton.tsx';
import { callApi } from '../api-client.ts';
import type { ApplicationDraft } from '../draft.ts';
import { englishScale } from '../../../lib/english-tests.ts';
import { countryName } from '../../../lib/countries.ts';
import { formatDay } from '../../../lib/format-day.ts';
import { STEPS, stepTitle, type StepId } from '../steps.ts';
import { problemSentence, submitProblems, type SubmitProblem } from '../submit-problems.ts';
import { documentLabel, type ApplicationDocument, type CourseOption, type IntakeOption } from '../types.ts';
import type { Check } from '../../catalogue/eligibility.ts';

export interface ReviewStepProps {
  draft: ApplicationDraft;
  course: CourseOption | null;
  intake: IntakeOption | null;
  documents: readonly ApplicationDocument[];
  /** The course takes the statement as an uploaded file, not typed. */
  statementAsFile: boolean;
  /** Entry requirements the answers show as not met: a warning the applicant may override. */
  unmet: readonly Check[];
  incomplete: readonly StepId[];
  beforeSubmit: () => Promise<void>;
  goTo: (step: StepId) => void;
}

/** "Needs a bachelor’s degree — you have secondary school." */
function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[14rem_1fr]">
      <dt className="font-medium text-ink-700">{term}</dt>
      <dd className="text-ink-950">{children || '—'}</dd>
    </div>
  );
}

/** Everything in one place, what is still missing, and the submit button. */
export default function ReviewStep({
  draft,
  course,
  intake,
  documents,
  statementAsFile,
  unmet,
  incomplete,
  beforeSubmit,
  goTo,
}: ReviewStepProps) {
  const [busy, setBusy] = useState(false);
  const [override, setOverride] = useState(false);
  const [overrideMissing, setOverrideMissing] = useState(false);
  const overrideBox = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<SubmitProblem[]>([]);
  const summary = useRef<HTMLDivElement>(null);
  const { personal, academic, english_test: english, statement } = draft.answers;
  const test = englishScale(english.test);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !draft.id) return;
    if (unmet.length > 0 && !override) {
      setOverrideMissing(true);
      overrideBox.current?.focus();
      return;
    }
    setBusy(true);
    await beforeSubmit();
    const result = await callApi<{ redirect: string }>(`/api/applications/${draft.id}/submit`, 'POST', {});
    if (result.ok) return window.location.assign(result.redirect);
    setBusy(false);
    setProblems(submitProblems(result.message, result.missing));
    requestAnimationFrame(() => summary.current?.focus());
  }

  return (
    <div className="flex flex-col gap-8">
      {problems.length > 0 || incomplete.length > 0 ? (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          aria-labelledby="review-problems-title"
          className="rounded-lg border-l-4 border-danger-600 bg-white p-4 ring-1 ring-ink-200"
          data-testid="submit-problems"
        >
          <h3 id="review-problems-title" className="font-semibold text-ink-950">
            {problems.length > 0 ? 'Your application was not submitted' : 'Some steps are not complete yet'}
          </h3>
          <ul className="mt-2 list-disc pl-5">
            {(problems.length > 0
              ? problems
              : incomplete.map((step) => ({ step, text: `${stepTitle(step)} is not complete` }))
            ).map((problem) => (
              <li key={`${problem.step}-${problem.text}`}>
                {problemSentence(problem)}{' '}
                <button
                  type="button"
                  className="font-semibold text-brand-700 underline"
                  onClick={() => goTo(problem.step)}
                >
                  Go to {stepTitle(problem.step)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {STEPS.filter((step) => step.id !== 'review').map((step) => (
        <section key={step.id} aria-labelledby={`review-${step.id}`} className="border-b border-ink-200 pb-4">
          <div className="flex items-center justify-between gap-4">
            <h3 id={`review-${step.id}`} className="text-lg font-semibold text-ink-950">
              {step.title}
            </h3>
            <button
              type="button"
              className="min-h-11 px-2 font-medium text-brand-700 underline"
              onClick={() => goTo(step.id)}
            >
              Change<span className="sr-only"> {step.title.toLowerCase()}</span>
            </button>
          </div>
          <dl>
            {step.id === 'course' ? (
              <>
                <Row term="Course">{course ? `${course.title}, ${course.university_name}` : ''}</Row>
                <Row term="Intake">{intake?.term ?? ''}</Row>
              </>
            ) : null}
            {step.id === 'personal' ? (
              <>
                <Row term="Full name">{personal.full_name}</Row>
                <Row term="Date of birth">{formatDay(personal.date_of_birth)}</Row>
                <Row term="Nationality">{personal.nationality ? countryName(personal.nationality) : ''}</Row>
                <Row term="Phone">{personal.phone}</Row>
                {personal.passport_number ? (
                  <Row term="Passport number">{personal.passport_number}</Row>
                ) : null}
                <Row term="Address">
                  {[
                    personal.address_line,
                    personal.city,
                    personal.postal_code,
                    personal.country ? countryName(personal.country) : '',
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </Row>
              </>
            ) : null}
            {step.id === 'academic' ? (
              <Row term="Qualifications">
                {academic
                  .filter((row) => row.institution)
                  .map((row) => `${row.qualification} — ${row.institution} (${row.end_year})`)
                  .join('; ')}
              </Row>
            ) : null}
            {step.id === 'english' ? (
              <Row term="Result">
                {test ? `${test.label}: ${english.score ?? ''} on ${formatDay(english.taken_on)}` : ''}
              </Row>
            ) : null}
            {step.id === 'statement' ? (
              statementAsFile ? (
                <Row term="File">
                  {documents.find(
                    (document) => document.kind === 'statement' && document.status !== 'rejected',
                  )?.file_name ?? 'Not uploaded yet: add it on the Documents step'}
                </Row>
              ) : (
                <Row term="Length">{statement.trim() ? `${statement.trim().length} characters` : ''}</Row>
              )
            ) : null}
            {step.id === 'documents' ? (
              <Row term="Uploaded">
                {documents
                  .filter((document) => document.status !== 'rejected')
                  .map((document) => `${documentLabel(document.kind)}: ${document.file_name}`)
                  .join('; ')}
              </Row>
            ) : null}
          </dl>
        </section>
      ))}
      {unmet.length > 0 ? (
        <section
          aria-labelledby="entry-warning-title"
          className="rounded-lg border-l-4 border-warning-600 bg-white p-4 ring-1 ring-ink-200"
          data-testid="entry-warning"
        >
          <h3 id="entry-warning-title" className="font-semibold text-ink-950">
            You may not meet this course’s entry requirements
          </h3>
          <ul className="mt-2 list-disc pl-5 text-ink-900">
            {unmet.map((check) => (
              <li key={check.topic}>{sentence(check.text)}</li>
            ))}
          </ul>
          <p className="mt-2 text-ink-800">
            Admissions look at every application, so you can still submit. If an answer is wrong, correct it
            first:{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 underline"
              onClick={() => goTo('academic')}
            >
              Go to {stepTitle('academic')}
            </button>
            {' · '}
            <button
              type="button"
              className="font-semibold text-brand-700 underline"
              onClick={() => goTo('english')}
            >
              Go to {stepTitle('english')}
            </button>
          </p>
        </section>
      ) : null}
      <form onSubmit={(event) => void submit(event)} className="flex flex-col items-start gap-3">
        {unmet.length > 0 ? (
          <div className="flex flex-col gap-1">
            <label className="flex min-h-11 items-center gap-3 font-medium text-ink-900">
              <input
                ref={overrideBox}
                type="checkbox"
                checked={override}
                aria-invalid={overrideMissing && !override ? true : undefined}
                aria-describedby={overrideMissing && !override ? 'entry-override-error' : undefined}
                onChange={(event) => setOverride(event.target.checked)}
                className="size-5"
              />
              I understand I may not meet these requirements and want to submit anyway
            </label>
            {overrideMissing && !override ? (
              <p id="entry-override-error" className="text-sm font-medium text-danger-600">
                Tick the box to submit anyway, or correct your answers first.
              </p>
            ) : null}
          </div>
        ) : null}
        <p className="text-ink-700">
          When you submit, we record the time and send you a receipt. You cannot edit the answers afterwards.
        </p>
        <SubmitButton label="Submit application" busy={busy} />
      </form>
    </div>
  );
}
