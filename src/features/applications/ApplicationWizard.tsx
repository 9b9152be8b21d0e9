import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import ErrorSummary from '../../components/form/ErrorSummary.tsx';
import type { BrowserClientConfig } from '../../lib/supabase/browser.ts';
import type { ApplicationDraft } from './draft.ts';
import type { ServerDraft } from './draft-merge.ts';
import DraftConflict from './DraftConflict.tsx';
import SaveIndicator from './SaveIndicator.tsx';
import Stepper from './Stepper.tsx';
import { incompleteSteps, validateStep, wantsStatementFile, type StepErrors } from './step-validation.ts';
import { unmetEntryRequirements, type EntryRequirements } from './entry-check.ts';
import { STEPS, stepIndex, stepTitle, type StepId } from './steps.ts';
import AcademicStep from './steps/AcademicStep.tsx';
import CourseStep from './steps/CourseStep.tsx';
import DocumentsStep from './steps/DocumentsStep.tsx';
import EnglishStep from './steps/EnglishStep.tsx';
import PersonalStep from './steps/PersonalStep.tsx';
import ReviewStep from './steps/ReviewStep.tsx';
import StatementStep from './steps/StatementStep.tsx';
import type { Option } from './steps/step-props.ts';
import type { ApplicationDocument, CourseOption, DocumentRequirement, IntakeOption } from './types.ts';
import { useDraftAutosave } from './use-draft-autosave.ts';

export interface ApplicationWizardProps {
  userId: string;
  initial: ApplicationDraft;
  server: ServerDraft | null;
  course: CourseOption | null;
  intakes: IntakeOption[];
  requirements: DocumentRequirement[];
  /** The course's entry requirements, checked (as a warning) on the review step. */
  entry: EntryRequirements | null;
  documents: ApplicationDocument[];
  countries: Option[];
  supabase: BrowserClientConfig;
}

const FORM_ID = 'application';

/** The multi-step admission application with autosave; every step is reachable from the stepper. */
export default function ApplicationWizard(props: ApplicationWizardProps) {
  const { draft, status, update, flush, loadSaved, keepMine } = useDraftAutosave(
    props.userId,
    props.initial,
    props.server,
  );
  const [documents, setDocuments] = useState<readonly ApplicationDocument[]>(props.documents);
  const [errors, setErrors] = useState<StepErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const step = draft.current_step;
  const context = { requirements: props.requirements, documents };
  const statementAsFile = wantsStatementFile(props.requirements);

  useEffect(() => {
    if (focusRequest > 0) heading.current?.focus();
  }, [focusRequest]);

  const goTo = (next: StepId) => {
    setFocusRequest((count) => count + 1);
    setErrors({});
    update(() => ({ current_step: next }));
  };
  const advance = (event: SubmitEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const problems = validateStep(step, draft, context);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    void flush();
    const next = STEPS[stepIndex(step) + 1];
    if (next) goTo(next.id);
  };

  const shared = { draft, errors, formId: FORM_ID, update };
  const labels = Object.fromEntries(Object.keys(errors).map((name) => [name, labelFor(name)]));
  const index = stepIndex(step);
  return (
    <div className="flex flex-col gap-6">
      {status.kind === 'conflict' ? (
        <DraftConflict
          message={status.message}
          current={status.current}
          onLoad={loadSaved}
          onKeep={keepMine}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside className="flex flex-col gap-4">
          <Stepper current={step} incomplete={incompleteSteps(draft, context)} onSelect={goTo} />
          <SaveIndicator status={status} />
        </aside>
        <section aria-labelledby="step-heading" className="flex flex-col gap-6">
          <p className="text-sm font-medium text-ink-600">
            Step {index + 1} of {STEPS.length}
          </p>
          <h2
            id="step-heading"
            ref={heading}
            tabIndex={-1}
            className="-mt-4 text-3xl font-bold text-ink-950 focus:outline-none"
          >
            {stepTitle(step)}
          </h2>
          {/* Long lists of small links fall under the 24px target size; the wrapper spaces them out. */}
          <div className="[&_a]:inline-block [&_a]:min-h-6 [&_li]:py-0.5">
            <ErrorSummary
              ref={summary}
              formId={FORM_ID}
              message={undefined}
              fieldErrors={errors}
              labels={labels}
            />
          </div>
          {step === 'review' ? (
            <ReviewStep
              draft={draft}
              course={props.course}
              intake={props.intakes.find((intake) => intake.id === draft.intake_id) ?? null}
              documents={documents}
              statementAsFile={statementAsFile}
              unmet={unmetEntryRequirements(props.entry, draft.answers)}
              incomplete={incompleteSteps(draft, context)}
              beforeSubmit={flush}
              goTo={goTo}
            />
          ) : (
            <form
              noValidate
              onSubmit={advance}
              className="flex flex-col gap-8"
              aria-labelledby="step-heading"
            >
              {step === 'course' ? (
                <CourseStep {...shared} course={props.course} intakes={props.intakes} />
              ) : null}
              {step === 'personal' ? <PersonalStep {...shared} countries={props.countries} /> : null}
              {step === 'academic' ? <AcademicStep {...shared} /> : null}
              {step === 'english' ? <EnglishStep {...shared} /> : null}
              {step === 'statement' ? (
                <StatementStep {...shared} asFile={statementAsFile} onToDocuments={() => goTo('documents')} />
              ) : null}
              {step === 'documents' ? (
                <DocumentsStep
                  applicationId={draft.id}
                  userId={props.userId}
                  config={props.supabase}
                  requirements={props.requirements}
                  documents={documents}
                  errors={errors}
                  onDocuments={(change) => setDocuments(change)}
                />
              ) : null}
              <div className="flex flex-wrap gap-3">
                {index > 0 ? (
                  <button
                    type="button"
                    onClick={() => goTo(STEPS[index - 1]?.id ?? 'course')}
                    className="min-h-11 rounded-lg px-5 font-semibold text-brand-800 ring-1 ring-brand-300 ring-inset hover:bg-brand-50"
                  >
                    Back
                  </button>
                ) : null}
                <button
                  type="submit"
                  className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
                >
                  Save and continue
                </button>
              </div>
            </form>
          )}
        </section>
      </div>
    </div>
  );
}

function labelFor(name: string): string {
  const last = name.split('.').at(-1) ?? name;
  const words = last.replace(/^document-/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
