import ErrorSummary from '../../components/form/ErrorSummary.tsx';
import Field from '../../components/form/Field.tsx';
import FormNotice from '../../components/form/FormNotice.tsx';
import SelectField from '../../components/form/SelectField.tsx';
import SubmitButton from '../../components/form/SubmitButton.tsx';
import type { FormOutcome } from '../../lib/security/form-outcome.ts';
import { useProtectedForm } from '../security/use-protected-form.ts';
import { announceAuthEvent, isAuthEvent } from '../../stores/session.ts';
import type { ProfileFieldSpec, ProfileFormProps } from './form-spec.ts';
import { PROFILE_FORMS } from './schema.ts';

interface Props extends ProfileFormProps {
  onOutcome?: (outcome: FormOutcome) => void;
}

function renderField(
  formId: string,
  field: ProfileFieldSpec,
  value: string | undefined,
  error: string | undefined,
) {
  if (field.type === 'hidden')
    return <input key={field.name} type="hidden" name={field.name} value={value ?? ''} />;
  if (field.type === 'select') {
    return (
      <SelectField
        key={field.name}
        formId={formId}
        name={field.name}
        label={field.label}
        options={field.options ?? []}
        defaultValue={value ?? ''}
        error={error}
      />
    );
  }
  return (
    <Field
      key={field.name}
      formId={formId}
      name={field.name}
      label={field.label}
      type={field.type}
      hint={field.hint}
      error={error}
      defaultValue={field.type === 'password' ? undefined : value}
      autoComplete={field.autoComplete}
      step={field.step}
      inputMode={field.inputMode}
    />
  );
}

/** A /profile form: works as a plain POST, and with JavaScript validates instantly and saves in place. */
export default function ProfileForm({ onOutcome, ...props }: Props) {
  const { intent, groups, values, csrfToken } = props;
  const { summaryRef, onSubmit, ...form } = useProtectedForm({
    schema: PROFILE_FORMS[intent],
    initial: { fieldErrors: props.fieldErrors, error: props.error, notice: props.notice },
    onOutcome: (outcome) => {
      if (outcome.ok && isAuthEvent(outcome.event)) announceAuthEvent(outcome.event);
      onOutcome?.(outcome);
    },
  });
  const formId = `profile-${intent}`;
  const labels = Object.fromEntries(
    groups.flatMap((group) =>
      group.fields.map((field) => [
        field.name,
        group.legend ? `${group.legend}, ${field.label}` : field.label,
      ]),
    ),
  );
  return (
    <form
      method="post"
      action={props.action ?? '/profile'}
      ref={(element) => {
        if (element) element.noValidate = true;
      }}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5"
      {...(props.title ? { 'aria-label': props.title } : {})}
    >
      <FormNotice message={form.notice} />
      <ErrorSummary
        ref={summaryRef}
        formId={formId}
        message={form.error}
        fieldErrors={form.fieldErrors}
        labels={labels}
      />
      <input type="hidden" name="csrf_token" value={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      {groups.map((group, index) =>
        group.legend ? (
          <fieldset
            key={group.legend}
            className="grid gap-4 rounded-lg border border-ink-200 p-4 sm:grid-cols-2"
          >
            <legend className="px-1 font-semibold text-ink-900">{group.legend}</legend>
            {group.fields.map((field) =>
              renderField(formId, field, values[field.name], form.fieldErrors[field.name]),
            )}
          </fieldset>
        ) : (
          <div key={index} className="grid gap-4 sm:grid-cols-2">
            {group.fields.map((field) =>
              renderField(formId, field, values[field.name], form.fieldErrors[field.name]),
            )}
          </div>
        ),
      )}
      <div>
        <SubmitButton label={props.submit} busy={form.busy} variant={props.variant ?? 'primary'} />
      </div>
    </form>
  );
}
