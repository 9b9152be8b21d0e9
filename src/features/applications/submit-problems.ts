import { stepForField, stepTitle, type StepId } from './steps.ts';
import { documentLabel } from './types.ts';

export interface SubmitProblem {
  step: StepId;
  text: string;
}

const ANSWER_TEXT: Record<string, string> = {
  'personal.full_name': 'Your full name',
  'personal.date_of_birth': 'Your date of birth',
  'personal.nationality': 'Your nationality',
  academic: 'At least one academic qualification',
  english_test: 'An English test result',
  statement: 'A personal statement of 300 to 5,000 characters',
};

/**
 * The reasons a submission was refused, each tied to the step that fixes it: the items the
 * database reported missing, or its message alone (a closed intake belongs to the first step).
 */
export function submitProblems(
  message: string,
  missing: { answers: string[]; documents: string[] } | undefined,
): SubmitProblem[] {
  if (!missing || missing.answers.length + missing.documents.length === 0) {
    const aboutIntake = /intake|deadline|open on|full|already applied/i.test(message);
    return [{ step: aboutIntake ? 'course' : 'review', text: message }];
  }
  return [
    ...missing.answers.map((key) => ({ step: stepForField(key), text: ANSWER_TEXT[key] ?? key })),
    ...missing.documents.map((kind) => ({
      step: 'documents' as const,
      text: `The ${documentLabel(kind).toLowerCase()} document`,
    })),
  ];
}

/** A problem as one sentence: the database's messages end with their own full stop. */
export function problemSentence(problem: SubmitProblem): string {
  return /[.!?]$/.test(problem.text) ? problem.text : `${problem.text}.`;
}

export function problemLink(problem: SubmitProblem): string {
  return `Fix on “${stepTitle(problem.step)}”`;
}
