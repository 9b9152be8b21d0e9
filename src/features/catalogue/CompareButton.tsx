import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $compare, addToCompare, COMPARE_FULL_MESSAGE, removeFromCompare } from './compare-store.ts';
import { useMounted } from './use-mounted.ts';

/** Adds a course to the compare tray, or says clearly why it cannot. */
export default function CompareButton({ courseId, title }: { courseId: string; title: string }) {
  const list = useStore($compare);
  const mounted = useMounted();
  const [message, setMessage] = useState('');
  const chosen = mounted && list.some((item) => item.id === courseId);
  const onClick = () => {
    if (chosen) {
      removeFromCompare(courseId);
      setMessage('');
      return;
    }
    setMessage(addToCompare({ id: courseId, title }) === 'full' ? COMPARE_FULL_MESSAGE : '');
  };
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        onClick={onClick}
        disabled={!mounted}
        aria-pressed={chosen}
        aria-label={`Compare: ${title}`}
        className={`inline-flex min-h-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold ${
          chosen
            ? 'border-brand-700 bg-brand-50 text-brand-800'
            : 'border-ink-300 bg-white text-ink-800 hover:bg-ink-50'
        }`}
      >
        {chosen ? 'Comparing' : 'Compare'}
      </button>
      <span role="status" className="max-w-60 text-xs text-danger-600">
        {message}
      </span>
    </span>
  );
}
