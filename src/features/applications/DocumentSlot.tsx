import { useRef } from 'react';
import { formatBytes, typeLabel } from './file-sniff.ts';
import { documentLabel, type ApplicationDocument } from './types.ts';
import { useDocumentUpload, type UploadTarget } from './use-document-upload.ts';

export interface DocumentSlotProps {
  target: UploadTarget;
  current: ApplicationDocument | null;
  error: string | undefined;
  onUploaded: (document: ApplicationDocument, replaced: string | null) => void;
  onRemove: (document: ApplicationDocument) => void;
  removable?: boolean;
  /**
   * What the slot's element ids start from; unique on the page. The wizard's one checklist names
   * slots by kind; a page listing several choices names each by its choice as well.
   */
  idBase?: string;
}

const STATE_TEXT = { uploaded: 'Uploaded', verified: 'Verified', rejected: 'Rejected' } as const;

/** One line of the document checklist: what is asked, what is there, and upload/replace/remove. */
export default function DocumentSlot({
  target,
  current,
  error,
  onUploaded,
  onRemove,
  removable = true,
  idBase = `application-document-${target.rule.kind}`,
}: DocumentSlotProps) {
  const { rule } = target;
  const id = `${idBase}-file`;
  const input = useRef<HTMLInputElement>(null);
  const { state, upload } = useDocumentUpload(target, (document, replaced) => {
    if (input.current) input.current.value = '';
    onUploaded(document, replaced);
  });
  const label = documentLabel(rule.kind);
  const action = current
    ? current.status === 'rejected'
      ? `Upload a new ${label.toLowerCase()}`
      : `Replace ${label.toLowerCase()}`
    : `Upload ${label.toLowerCase()}`;
  const message = state.phase === 'failed' ? state.message : error;
  return (
    <li className="rounded-lg p-4 ring-1 ring-ink-200" id={idBase} data-testid={`document-${rule.kind}`}>
      <h3 className="font-semibold text-ink-950">
        {label} <span className="font-normal text-ink-700">({rule.required ? 'required' : 'optional'})</span>
      </h3>
      <p className="text-sm text-ink-700">
        {rule.description ? `${rule.description} ` : ''}
        {rule.allowed_types.map(typeLabel).join(', ')} up to {formatBytes(rule.max_size_bytes)}.
      </p>
      {current ? (
        <p className="mt-2 text-sm text-ink-900">
          <strong>{STATE_TEXT[current.status]}:</strong> {current.file_name} (
          {formatBytes(current.size_bytes)})
          {current.status === 'rejected' && current.rejection_reason ? ` — ${current.rejection_reason}` : ''}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label htmlFor={id} className="font-medium text-ink-900">
          {action}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={rule.allowed_types.join(',')}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file, current?.id ?? null);
          }}
          className="text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white"
        />
        {removable && current && current.status !== 'verified' ? (
          <button
            type="button"
            className="min-h-11 px-3 font-medium text-danger-600 underline"
            onClick={() => onRemove(current)}
          >
            Remove {label.toLowerCase()}
          </button>
        ) : null}
      </div>
      {state.phase === 'checking' ? (
        <p className="mt-2 text-sm text-ink-700" role="status">
          Checking the file…
        </p>
      ) : null}
      {state.phase === 'uploading' ? (
        <div className="mt-2 flex items-center gap-3">
          <label htmlFor={`${id}-progress`} className="text-sm text-ink-700">
            Uploading
          </label>
          <progress id={`${id}-progress`} max={1} value={state.progress} className="h-2 w-48" />
          <span className="text-sm text-ink-700">{Math.round(state.progress * 100)}%</span>
        </div>
      ) : null}
      {message ? (
        <p id={`${id}-message`} role="alert" className="mt-2 text-sm font-medium text-danger-600">
          {message}
        </p>
      ) : null}
    </li>
  );
}
