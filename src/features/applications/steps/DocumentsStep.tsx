import type { BrowserClientConfig } from '../../../lib/supabase/browser.ts';
import { callApi } from '../api-client.ts';
import DocumentSlot from '../DocumentSlot.tsx';
import type { ApplicationDocument, DocumentRequirement } from '../types.ts';
import type { StepErrors } from '../step-validation.ts';

export interface DocumentsStepProps {
  applicationId: string | null;
  userId: string;
  config: BrowserClientConfig;
  requirements: readonly DocumentRequirement[];
  documents: readonly ApplicationDocument[];
  errors: StepErrors;
  onDocuments: (change: (documents: readonly ApplicationDocument[]) => ApplicationDocument[]) => void;
}

/** The newest upload of a kind is the one that counts; older ones are replaced copies. */
function currentOf(documents: readonly ApplicationDocument[], kind: string): ApplicationDocument | null {
  return documents.filter((document) => document.kind === kind).at(-1) ?? null;
}

/** The course's document checklist, each with its own upload. */
export default function DocumentsStep(props: DocumentsStepProps) {
  const { applicationId, userId, config, requirements, documents, errors, onDocuments } = props;
  if (!applicationId) {
    return (
      <p className="text-ink-700">
        Choose an intake on the first step; your documents are then kept with this application.
      </p>
    );
  }
  const remove = async (document: ApplicationDocument) => {
    const result = await callApi(
      `/api/applications/${applicationId}/documents?document=${document.id}`,
      'DELETE',
    );
    if (result.ok) onDocuments((list) => list.filter((item) => item.id !== document.id));
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink-700">
        Scans or photos must be readable. We check each file here before it is uploaded, so a wrong type or
        size is caught straight away.
      </p>
      <ul className="flex flex-col gap-4">
        {requirements.map((rule) => (
          <DocumentSlot
            key={rule.kind}
            target={{ config, userId, applicationId, rule }}
            current={currentOf(documents, rule.kind)}
            error={errors[`document-${rule.kind}`]}
            onUploaded={(document, replaced) =>
              onDocuments((list) => [...list.filter((item) => item.id !== replaced), document])
            }
            onRemove={(document) => void remove(document)}
          />
        ))}
      </ul>
    </div>
  );
}
