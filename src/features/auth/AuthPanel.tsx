import { useEffect, useRef, useState } from 'react';
import ErrorSummary from '../../components/form/ErrorSummary.tsx';
import Field from '../../components/form/Field.tsx';
import FormNotice from '../../components/form/FormNotice.tsx';
import SubmitButton from '../../components/form/SubmitButton.tsx';
import type { FieldErrors, FormOutcome } from '../../lib/security/form-outcome.ts';
import { useProtectedForm } from '../security/use-protected-form.ts';
import { announceAuthEvent, isAuthEvent } from '../../stores/session.ts';
import AuthLinks from './AuthLinks.tsx';
import { AUTH_FORMS } from './schema.ts';
import { isAuthView, labelsOf, VIEW_SPECS, type AuthView } from './views.ts';

export interface AuthPanelProps {
  view: AuthView;
  next: string;
  csrfToken: string;
  /** Non-secret values to keep in the fields (never passwords). */
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  error?: string | undefined;
  notice?: string | undefined;
}

interface AuthFormProps extends AuthPanelProps {
  onStep: (view: AuthView, values: Record<string, string>, notice: string | undefined) => void;
}

function AuthForm({ view, next, csrfToken, values, fieldErrors, error, notice, onStep }: AuthFormProps) {
  const spec = VIEW_SPECS[view];
  const onOutcome = (outcome: FormOutcome) => {
    if (outcome.ok && isAuthEvent(outcome.event)) announceAuthEvent(outcome.event);
    const step = outcome.data?.['view'];
    if (outcome.ok && !outcome.redirect && isAuthView(step)) {
      const stepValues = Object.fromEntries(
        Object.entries(outcome.data ?? {}).map(([k, v]) => [k, String(v)]),
      );
      onStep(step, stepValues, outcome.message);
    }
  };
  const { summaryRef, onSubmit, ...form } = useProtectedForm({
    schema: AUTH_FORMS[spec.intent],
    initial: { fieldErrors, error, notice },
    onOutcome,
  });
  const formId = `auth-${view}`;
  const formRef = useRef<HTMLFormElement | null>(null);
  // A step that asks for an e-mailed or app code starts in its field, unless an error summary took focus.
  useEffect(() => {
    if (error || Object.keys(fieldErrors).length > 0) return;
    formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
    // Once, as the step appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form
      method="post"
      action={`/auth?view=${view}&next=${encodeURIComponent(next)}`}
      // Native validation helps without JavaScript; once hydrated the schema gives the messages.
      ref={(element) => {
        formRef.current = element;
        if (element) element.noValidate = true;
      }}
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`${formId}-title`}
      className="flex flex-col gap-5"
    >
      <div>
        <h1 id={`${formId}-title`} className="text-3xl font-bold tracking-tight text-ink-950">
          {spec.title}
        </h1>
        <p className="mt-2 text-ink-600">{spec.lead}</p>
      </div>
      <FormNotice message={form.notice} />
      <ErrorSummary
        ref={summaryRef}
        formId={formId}
        message={form.error}
        fieldErrors={form.fieldErrors}
        labels={labelsOf(spec)}
      />
      <input type="hidden" name="csrf_token" value={csrfToken} />
      <input type="hidden" name="intent" value={spec.intent} />
      {spec.fields.map((field) =>
        field.type === 'hidden' ? (
          <input
            key={field.name}
            type="hidden"
            name={field.name}
            defaultValue={values[field.name] ?? (view === 'resend' ? 'signup' : '')}
          />
        ) : (
          <Field
            key={field.name}
            formId={formId}
            name={field.name}
            label={field.label}
            type={field.type}
            hint={field.hint}
            error={form.fieldErrors[field.name]}
            defaultValue={field.type === 'password' ? undefined : values[field.name]}
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            required={field.required}
            minLength={field.minLength}
            maxLength={field.maxLength}
          />
        ),
      )}
      <SubmitButton label={spec.submit} busy={form.busy} />
    </form>
  );
}

/** Every sign-in step on /auth. Server-rendered forms that work without JavaScript; enhanced when it runs. */
export default function AuthPanel(props: AuthPanelProps) {
  const [step, setStep] = useState({ view: props.view, values: props.values, notice: props.notice, key: 0 });
  return (
    <div className="flex flex-col gap-8">
      <AuthForm
        key={step.key}
        {...props}
        view={step.view}
        values={step.values}
        notice={step.notice}
        {...(step.key > 0 ? { fieldErrors: {}, error: undefined } : {})}
        onStep={(view, values, notice) =>
          setStep((current) => ({ view, values, notice, key: current.key + 1 }))
        }
      />
      <AuthLinks view={step.view} next={props.next} />
    </div>
  );
}
