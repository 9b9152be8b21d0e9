/** Shown while the form's code loads after a click: a spinner with a spoken status. */
export function showLoadingIndicator(): () => void {
  const overlay = document.createElement('div');
  overlay.setAttribute('role', 'status');
  overlay.className = 'fixed inset-0 z-50 flex items-center justify-center bg-ink-950/40';
  const spinner = document.createElement('span');
  spinner.setAttribute('aria-hidden', 'true');
  spinner.className = 'size-10 animate-spin rounded-full border-4 border-white/40 border-t-white';
  const label = document.createElement('span');
  label.className = 'sr-only';
  label.textContent = 'Loading the form…';
  overlay.append(spinner, label);
  document.body.append(overlay);
  return () => overlay.remove();
}
