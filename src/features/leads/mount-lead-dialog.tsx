import { createRoot } from 'react-dom/client';
import LeadDialog, { type LeadDialogProps } from './LeadDialog.tsx';

export type LeadDialogRequest = Omit<LeadDialogProps, 'onClose'>;

/**
 * Renders the counselling dialog into its own root at the end of the page and removes it once
 * closed. Loaded only when a visitor asks for the dialog (or the popup is due).
 */
export function mountLeadDialog(request: LeadDialogRequest, onClosed: (sent: boolean) => void): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = (sent: boolean) => {
    // Unmounting from inside the dialog's own close handler would cut React's update short.
    window.setTimeout(() => {
      root.unmount();
      host.remove();
    });
    onClosed(sent);
  };
  root.render(<LeadDialog {...request} onClose={close} />);
}
