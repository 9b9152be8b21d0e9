import { useStore } from '@nanostores/react';
import { useState, type MouseEvent } from 'react';
import { pickFormId } from '../shortlist/pick.ts';
import {
  $compare,
  addToCompare,
  COMPARE_FULL_MESSAGE,
  removeFromCompare,
  swapIntoCompare,
} from './compare-store.ts';
import { useMounted } from './use-mounted.ts';

/**
 * Adds a course to the compare tray, or says clearly why it cannot. It submits the course's
 * PickForm, so a tap before hydration is not lost; once mounted it works in the page.
 */
export default function CompareButton({ courseId, title }: { courseId: string; title: string }) {
  const list = useStore($compare);
  const mounted = useMounted();
  const [message, setMessage] = useState('');
  const [full, setFull] = useState(false);
  const chosen = mounted && list.some((item) => item.id === courseId);
  const oldest = list[0];
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // React handles the click only once hydrated: from then on the page does the work, not the form.
    event.preventDefault();
    if (chosen) {
      removeFromCompare(courseId);
      setMessage('');
      setFull(false);
      return;
    }
    const refused = addToCompare({ id: courseId, title }) === 'full';
    setFull(refused);
    setMessage(refused ? COMPARE_FULL_MESSAGE : '');
  };
  const swap = () => {
    const out = swapIntoCompare({ id: courseId, title });
    setFull(false);
    setMessage(out ? `${out.title} made way for this course.` : '');
  };
  return (
    <span className="inline-flex flex-col">
      <button
        type="submit"
        form={pickFormId(courseId)}
        name="action"
        value={chosen ? 'uncompare' : 'compare'}
        onClick={onClick}
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
      <span role="status" className={`max-w-60 text-xs ${full ? 'text-danger-600' : 'text-ink-700'}`}>
        {message}
      </span>
      {full && !chosen && oldest ? (
        <button
          type="button"
          onClick={swap}
          className="mt-1 min-h-10 max-w-60 rounded-lg px-2 text-left text-xs font-semibold text-brand-700 underline"
        >
          Swap it for {oldest.title}
        </button>
      ) : null}
    </span>
  );
}
