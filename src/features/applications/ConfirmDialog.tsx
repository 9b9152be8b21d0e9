import { useEffect, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  danger?: boolean;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation on the native dialog element: focus is trapped and Escape cancels. */
export default function ConfirmDialog(props: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-title"
      onCancel={props.onCancel}
      className="m-auto w-full max-w-lg rounded-xl p-6 shadow-xl backdrop:bg-ink-950/50"
    >
      <h2 id="confirm-title" className="text-xl font-bold text-ink-950">
        {props.title}
      </h2>
      <div className="mt-3 text-ink-800">{props.children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={props.onCancel}
          className="min-h-11 rounded-lg px-5 font-semibold text-brand-800 ring-1 ring-brand-300 ring-inset"
        >
          {props.cancelLabel}
        </button>
        <button
          type="button"
          onClick={props.onConfirm}
          aria-disabled={props.busy || undefined}
          className={`min-h-11 rounded-lg px-5 font-semibold text-white ${props.danger ? 'bg-danger-600' : 'bg-brand-700'}`}
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
