import { useEffect, useState } from 'react';

const KEY = 'unipath:discover';

/**
 * Remembers the last answers in this browser: results pages store their address, and an empty
 * form offers to bring the last answers back.
 */
export default function DiscoverMemory({ hasAnswers }: { hasAnswers: boolean }) {
  const [last, setLast] = useState<string | null>(null);
  useEffect(() => {
    try {
      if (hasAnswers) localStorage.setItem(KEY, window.location.search);
      else setLast(localStorage.getItem(KEY));
    } catch {
      // Storage can be switched off; the shareable address still keeps the answers.
    }
  }, [hasAnswers]);
  if (!last || !last.startsWith('?')) return null;
  return (
    <p className="mb-6 rounded-lg bg-brand-50 px-4 py-3">
      <a className="font-semibold text-brand-700 underline" href={`/discover${last}`}>
        See the matches for your last answers
      </a>
    </p>
  );
}
