import DocumentSlot from './DocumentSlot.tsx';
import type { ApplicationDocument } from './types.ts';
import type { UploadTarget } from './use-document-upload.ts';

export interface DocumentReuploadProps {
  target: UploadTarget;
  current: ApplicationDocument;
}

/** A rejected document's re-upload; the page reloads to show the new file's state. */
export default function DocumentReupload({ target, current }: DocumentReuploadProps) {
  return (
    <ul>
      <DocumentSlot
        target={target}
        current={current}
        error={undefined}
        onUploaded={() => window.location.reload()}
        onRemove={() => undefined}
        removable={false}
      />
    </ul>
  );
}
