import DocumentSlot from './DocumentSlot.tsx';
import type { ApplicationDocument } from './types.ts';
import type { UploadTarget } from './use-document-upload.ts';

export interface DocumentReuploadProps {
  target: UploadTarget;
  current: ApplicationDocument;
  /** The choice whose card shows it: one document may be shown on several choices' cards. */
  choiceId: string;
}

/** A rejected document's re-upload; the page reloads to show the new file's state. */
export default function DocumentReupload({ target, current, choiceId }: DocumentReuploadProps) {
  return (
    <ul>
      <DocumentSlot
        target={target}
        current={current}
        error={undefined}
        onUploaded={() => window.location.reload()}
        onRemove={() => undefined}
        removable={false}
        idBase={`choice-${choiceId}-document-${current.kind}`}
      />
    </ul>
  );
}
