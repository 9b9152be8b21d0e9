import type { z } from 'zod';
import type { ApplicationDraft } from './draft.ts';
import {
  academicStepSchema,
  courseStepSchema,
  englishStepSchema,
  personalStepSchema,
  statementStepSchema,
} from './schema.ts';
import { STEPS, type StepId } from './steps.ts';
import { documentLabel, type ApplicationDocument, type DocumentRequirement } from './types.ts';

export type StepErrors = Record<string, string>;

function issues(result: z.ZodSafeParseResult<unknown>): StepErrors {
  const errors: StepErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const name = issue.path.map(String).join('.');
    errors[name] ??= issue.message;
  }
  return errors;
}

export interface StepContext {
  requirements: readonly DocumentRequirement[];
  documents: readonly ApplicationDocument[];
}

/**
 * Whether the course asks for the personal statement as a file (a required 'statement' document)
 * rather than typed: it is asked for once, in one of the two places, as submission checks it.
 */
export function wantsStatementFile(requirements: readonly DocumentRequirement[]): boolean {
  return requirements.some((rule) => rule.kind === 'statement' && rule.required);
}

/** Required documents with no usable upload (none yet, or only rejected ones). */
export function missingDocuments(context: StepContext): DocumentRequirement[] {
  return context.requirements.filter(
    (rule) =>
      rule.required &&
      !context.documents.some((document) => document.kind === rule.kind && document.status !== 'rejected'),
  );
}

/** What stops a step from being complete, by field name; empty when it is done. */
export function validateStep(step: StepId, draft: ApplicationDraft, context: StepContext): StepErrors {
  const { answers } = draft;
  switch (step) {
    case 'course':
      return issues(courseStepSchema.safeParse({ course_id: draft.course_id, intake_id: draft.intake_id }));
    case 'personal':
      return issues(personalStepSchema.safeParse({ postal_code: '', ...answers.personal }));
    case 'academic':
      return issues(academicStepSchema.safeParse({ academic: answers.academic }));
    case 'english':
      return issues(englishStepSchema.safeParse(answers.english_test));
    case 'statement':
      return wantsStatementFile(context.requirements)
        ? {}
        : issues(statementStepSchema.safeParse({ statement: answers.statement }));
    case 'documents':
      return Object.fromEntries(
        missingDocuments(context).map((rule) => [
          `document-${rule.kind}`,
          `Upload your ${documentLabel(rule.kind).toLowerCase()}.`,
        ]),
      );
    case 'review':
      return {};
  }
}

/** Steps before review that still have problems, for the review page and the stepper marks. */
export function incompleteSteps(draft: ApplicationDraft, context: StepContext): StepId[] {
  return STEPS.map((step) => step.id).filter(
    (id) => id !== 'review' && Object.keys(validateStep(id, draft, context)).length > 0,
  );
}
