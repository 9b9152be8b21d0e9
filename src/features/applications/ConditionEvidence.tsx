import { useRef } from 'react';
import { formatBytes, typeLabel } from './file-sniff.ts';
import { useDocumentUpload, type UploadTarget } from './use-document-upload.ts';

export interface ConditionEvidenceProps {
  /** The upload, with the condition the file answers. */
  target: UploadTarget & { conditionId: string };
  position: number;
}

/** A file input that sends evidence for one condition of an offer; the page reloads to show it. */
export default function ConditionEvidence({ target, position }: ConditionEvidenceProps) {
  const id = `condition-evidence-${target.conditionId}`;
  const input = useRef<HTMLInputElement>(null);
  const { state, upload } = useDocumentUpload(target, () => window.location.reload());
  const { rule } = target;
  return (
    <div className="mt-2 flex flex-col gap-2">
      <label htmlFor={id} className="font-medium text-ink-900">
        Upload evidence for condition {position}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-700">
        {rule.allowed_types.map(typeLabel).join(', ')} up to {formatBytes(rule.max_size_bytes)}.
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        accept={rule.allowed_types.join(',')}
        aria-describedby={state.phase === 'failed' ? `${id}-hint ${id}-message` : `${id}-hint`}
        disabled={state.phase === 'checking' || state.phase === 'uploading'}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file, null);
        }}
        className="text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white"
      />
      {state.phase === 'checking' ? (
        <p className="text-sm text-ink-700" role="status">
          Checking the file…
        </p>
      ) : null}
      {state.phase === 'uploading' ? (
        <p className="text-sm text-ink-700" role="status">
          Uploading… {Math.round(state.progress * 100)}%
        </p>
      ) : null}
      {state.phase === 'failed' ? (
        <p id={`${id}-message`} role="alert" className="text-sm font-medium text-danger-600">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
