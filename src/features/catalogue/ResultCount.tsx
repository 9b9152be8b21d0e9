/** "12 courses", "More than 1,000 courses", "1 course". */
export function resultLabel(total: number, noun: readonly [string, string]): string {
  const shown = total > 1000 ? 'More than 1,000' : total.toLocaleString('en-GB');
  return `${shown} ${total === 1 ? noun[0] : noun[1]}`;
}

/** The number of results, announced politely whenever it changes. */
export default function ResultCount({
  total,
  noun,
  loading,
}: {
  total: number;
  noun: [string, string];
  loading: boolean;
}) {
  return (
    <div className="flex items-center gap-3">
      <p role="status" aria-live="polite" className="text-lg font-semibold text-ink-900">
        {resultLabel(total, noun)} found
      </p>
      {loading && (
        <span className="inline-flex items-center gap-2 text-sm text-ink-600">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600 motion-reduce:animate-none"
          />
          Updating…
        </span>
      )}
    </div>
  );
}
