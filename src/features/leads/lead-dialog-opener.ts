import { showLoadingIndicator } from './loading-indicator.ts';
import type * as MountModule from './mount-lead-dialog.tsx';
import type { LeadDialogRequest } from './mount-lead-dialog.tsx';

type DialogModule = typeof MountModule;

let pendingModule: Promise<DialogModule> | undefined;
let busy = false;

/** Starts loading the dialog's code (React and the form) once; later calls share the download. */
export function loadDialogModule(): Promise<DialogModule> {
  pendingModule ??= import('./mount-lead-dialog.tsx').catch((error: unknown) => {
    pendingModule = undefined;
    throw error;
  });
  return pendingModule;
}

/** True from the moment a lead dialog is asked for until it has closed. */
export const leadDialogBusy = (): boolean => busy;

export interface OpenOptions {
  /** Show a spinner while the code loads (a visitor clicked and is waiting). */
  showLoading: boolean;
  /** Called once the dialog has closed; `sent` tells whether a lead went through. */
  onClosed(sent: boolean): void;
  /** Called instead when the dialog's code cannot be loaded (e.g. the connection dropped). */
  onUnavailable?(): void;
}

/** Opens the counselling dialog, loading its code first; ignored while another one is open. */
export async function openLeadDialog(request: LeadDialogRequest, options: OpenOptions): Promise<void> {
  if (busy) return;
  busy = true;
  const hideLoading = options.showLoading ? showLoadingIndicator() : undefined;
  let dialogModule: DialogModule;
  try {
    dialogModule = await loadDialogModule();
  } catch {
    busy = false;
    options.onUnavailable?.();
    return;
  } finally {
    hideLoading?.();
  }
  dialogModule.mountLeadDialog(request, (sent) => {
    busy = false;
    options.onClosed(sent);
  });
}
