import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf, formFields } from '../../lib/security/form-input.ts';
import type { FieldErrors, FormOutcome } from '../../lib/security/form-outcome.ts';
import { submitProtectedForm } from './submit-form.ts';

export interface ProtectedFormState {
  fieldErrors: FieldErrors;
  /** The error summary's lead line. */
  error: string | undefined;
  /** A success notice. */
  notice: string | undefined;
  busy: boolean;
}

export interface ProtectedFormOptions {
  schema?: z.ZodType;
  initial?: Partial<ProtectedFormState>;
  /** Runs for every server outcome, before a redirect is followed. */
  onOutcome?: (outcome: FormOutcome) => void;
}

/** Navigates to the redirect; a same-page target (only the hash differs) is reloaded to show the change. */
function follow(redirect: string): void {
  const target = new URL(redirect, window.location.href);
  const samePage = target.pathname === window.location.pathname && target.search === window.location.search;
  if (!samePage) return window.location.assign(target);
  window.history.replaceState(window.history.state, '', target);
  window.location.reload();
}

/**
 * Progressive enhancement for a server-handled form: the schema gives instant field errors, the
 * server's outcome (authoritative) replaces them, failures move focus to the error summary.
 */
export function useProtectedForm({ schema, initial, onOutcome }: ProtectedFormOptions = {}) {
  const [state, setState] = useState<ProtectedFormState>({
    fieldErrors: initial?.fieldErrors ?? {},
    error: initial?.error,
    notice: initial?.notice,
    busy: false,
  });
  const [failures, setFailures] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failures > 0) summaryRef.current?.focus();
  }, [failures]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    const form = event.currentTarget;
    const parsed = schema?.safeParse(formFields(new FormData(form)));
    if (parsed && !parsed.success) {
      setState({
        fieldErrors: fieldErrorsOf(parsed.error),
        error: 'Please correct the highlighted fields.',
        notice: undefined,
        busy: false,
      });
      setFailures((count) => count + 1);
      return;
    }
    setState((current) => ({ ...current, busy: true }));
    const outcome = await submitProtectedForm(form);
    onOutcome?.(outcome);
    if (outcome.ok && outcome.redirect) {
      follow(outcome.redirect);
      return;
    }
    setState({
      fieldErrors: outcome.fieldErrors ?? {},
      error: outcome.ok ? undefined : outcome.message,
      notice: outcome.ok ? outcome.message : undefined,
      busy: false,
    });
    if (!outcome.ok) setFailures((count) => count + 1);
  }

  return { ...state, onSubmit, summaryRef };
}
