import ErrorSummary from '../../components/form/ErrorSummary.tsx';
import SubmitButton from '../../components/form/SubmitButton.tsx';
import { CSRF_FIELD } from '../../lib/security/csrf-field.ts';
import type { IntakeOption } from './intakes.ts';
import LeadConsents from './LeadConsents.tsx';
import LeadFields, { LEAD_LABELS } from './LeadFields.tsx';
import { HONEYPOT_FIELD, type FormSource } from './schema.ts';
import { useLeadForm } from './use-lead-form.ts';

export interface LeadFormProps {
  formId: string;
  /** Where the form posts: the contact page itself, or /api/leads. */
  action: string;
  source: FormSource;
  /** Empty on prebuilt pages; the submit then asks the server for this session's token. */
  csrfToken: string;
  /** Page path, course id and attribution, sent as hidden fields. */
  context: Record<string, string>;
  intakes: readonly IntakeOption[];
  submitLabel: string;
  values?: Record<string, string>;
  fieldErrors?: Record<string, string>;
  error?: string;
  notice?: string;
  onSent?: () => void;
}

/** The counselling request form; a plain POST without JavaScript, validated in place with it. */
export default function LeadForm(props: LeadFormProps) {
  const { formId, action, source, csrfToken, context, intakes, submitLabel, values = {} } = props;
  const { summaryRef, noticeRef, onSubmit, ...form } = useLeadForm(
    { fieldErrors: props.fieldErrors ?? {}, error: props.error, notice: props.notice },
    props.onSent,
  );
  return (
    <div className="flex flex-col gap-5">
      <div ref={noticeRef} tabIndex={-1} className="focus:outline-none" role="status" aria-live="polite">
        {form.notice ? (
          <p className="rounded-lg border-l-4 border-success-600 bg-white p-4 text-ink-900 ring-1 ring-ink-200">
            {form.notice}
          </p>
        ) : null}
      </div>
      <ErrorSummary
        ref={summaryRef}
        formId={formId}
        message={form.error}
        fieldErrors={form.fieldErrors}
        labels={LEAD_LABELS}
      />
      <form
        id={formId}
        method="post"
        action={action}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
      >
        <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
        <input type="hidden" name="source" value={source} />
        {Object.entries(context).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>Leave this empty</label>
          <input id={`${formId}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <LeadFields formId={formId} values={values} errors={form.fieldErrors} intakes={intakes} />
        <LeadConsents formId={formId} values={values} errors={form.fieldErrors} />
        <div>
          <SubmitButton label={submitLabel} busy={form.busy} />
        </div>
      </form>
    </div>
  );
}
