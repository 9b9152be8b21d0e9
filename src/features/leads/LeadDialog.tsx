import { useEffect, useMemo, useRef } from 'react';
import { captureAttribution } from './attribution.ts';
import { upcomingIntakes } from './intakes.ts';
import LeadForm from './LeadForm.tsx';
import { rememberPopup } from './popup-memory.ts';
import type { FormSource } from './schema.ts';

export interface LeadDialogProps {
  source: Extract<FormSource, 'lead_form' | 'popup'>;
  courseId?: string | undefined;
  courseTitle?: string | undefined;
  /** Called once the dialog has closed; `sent` tells whether a lead went through. */
  onClose: (sent: boolean) => void;
}

const COPY = {
  lead_form: {
    title: 'Book a free counselling call',
    lead: 'Tell us a little about your plans and a counsellor will get back to you within one working day.',
  },
  popup: {
    title: 'Planning to study abroad?',
    lead: 'Get free, no-obligation advice on courses, costs and deadlines from a Unipath counsellor.',
  },
} as const;

/** The counselling form in a native modal dialog: focus stays inside, Escape closes it. */
export default function LeadDialog({ source, courseId, courseTitle, onClose }: LeadDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const sent = useRef(false);
  const context = useMemo(
    () => ({
      page_path: window.location.pathname,
      ...(courseId ? { course_id: courseId } : {}),
      ...captureAttribution(),
    }),
    [courseId],
  );
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const copy = COPY[source];
  const titleId = `lead-${source}-title`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => onClose(sent.current)}
      className="m-auto max-h-[92dvh] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-950/60"
    >
      <div className="flex flex-col gap-4 p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold tracking-tight text-balance">
            {copy.title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={() => ref.current?.close()}
            className="-m-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>
        <p className="text-ink-700">
          {courseTitle ? `About ${courseTitle}: ` : ''}
          {copy.lead}
        </p>
        <LeadForm
          formId={`lead-${source}`}
          action="/api/leads"
          source={source}
          csrfToken=""
          context={context}
          intakes={upcomingIntakes(new Date())}
          submitLabel="Send my request"
          onSent={() => {
            sent.current = true;
            rememberPopup('submitted');
          }}
        />
      </div>
    </dialog>
  );
}
