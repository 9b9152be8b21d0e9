import type { ApplicationDraft } from '../draft.ts';
import type { StepErrors } from '../step-validation.ts';

export interface StepProps {
  draft: ApplicationDraft;
  errors: StepErrors;
  formId: string;
  update: (change: (current: ApplicationDraft) => Partial<ApplicationDraft>) => void;
}

export interface Option {
  value: string;
  label: string;
}
