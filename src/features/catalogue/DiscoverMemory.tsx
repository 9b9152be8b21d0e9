import { useEffect } from 'react';
import { useMounted } from './use-mounted.ts';

const KEY = 'unipath:discover';

function readLast(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    // Storage can be switched off; the shareable address still keeps the answers.
    return null;
  }
}

/**
 * Remembers the last answers in this browser: results pages store their address, and an empty
 * form offers to bring the last answers back.
 */
export default function DiscoverMemory({ hasAnswers }: { hasAnswers: boolean }) {
  const mounted = useMounted();
  useEffect(() => {
    if (!hasAnswers) return;
    try {
      localStorage.setItem(KEY, window.location.search);
    } catch {
      // As above: nothing to remember without storage.
    }
  }, [hasAnswers]);
  const last = mounted && !hasAnswers ? readLast() : null;
  if (!last || !last.startsWith('?')) return null;
  return (
    <p className="mb-6 rounded-lg bg-brand-50 px-4 py-3">
      <a className="font-semibold text-brand-700 underline" href={`/discover${last}`}>
        See the matches for your last answers
      </a>
    </p>
  );
}
