/** Shown while the form's code loads after a click: a spinner with a spoken status. */
export default function LoadingDialog() {
  return (
    <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-ink-950/40">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-white/40 border-t-white"
      />
      <span className="sr-only">Loading the form…</span>
    </div>
  );
}
