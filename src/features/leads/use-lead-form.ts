import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { fieldErrorsOf, formFields } from '../../lib/security/form-input.ts';
import { submitProtectedForm } from '../security/submit-form.ts';
import { leadFormSchema } from './schema.ts';

export interface LeadFormState {
  fieldErrors: Record<string, string>;
  error: string | undefined;
  notice: string | undefined;
  busy: boolean;
}

/**
 * The schema gives instant field errors; the server's answer is authoritative. A failure moves
 * focus to the error summary, a success to the thank-you notice.
 */
export function useLeadForm(initial: Partial<LeadFormState>, onSent?: () => void) {
  const [state, setState] = useState<LeadFormState>({
    fieldErrors: initial.fieldErrors ?? {},
    error: initial.error,
    notice: initial.notice,
    busy: false,
  });
  const [attempts, setAttempts] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempts === 0) return;
    (state.notice ? noticeRef : summaryRef).current?.focus();
  }, [attempts, state.notice]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    const form = event.currentTarget;
    const parsed = leadFormSchema.safeParse(formFields(new FormData(form)));
    if (!parsed.success) {
      setState({
        fieldErrors: fieldErrorsOf(parsed.error),
        error: undefined,
        notice: undefined,
        busy: false,
      });
      setAttempts((count) => count + 1);
      return;
    }
    setState((current) => ({ ...current, busy: true }));
    const outcome = await submitProtectedForm(form);
    setState({
      fieldErrors: outcome.fieldErrors ?? {},
      error: outcome.ok ? undefined : outcome.message,
      notice: outcome.ok ? outcome.message : undefined,
      busy: false,
    });
    setAttempts((count) => count + 1);
    if (outcome.ok) {
      form.reset();
      onSent?.();
    }
  }

  return { ...state, onSubmit, summaryRef, noticeRef };
}
