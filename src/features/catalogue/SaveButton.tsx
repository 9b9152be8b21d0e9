import { useStore } from '@nanostores/react';
import { useState, type MouseEvent } from 'react';
import { $shortlist, syncShortlistChange, toggleShortlist } from '../shortlist/shortlist-store.ts';
import { pickFormId } from '../shortlist/pick.ts';
import { useMounted } from './use-mounted.ts';

export interface SaveButtonProps {
  courseId: string;
  title: string;
  size?: 'sm' | 'md';
}

/**
 * Saves a course to the shortlist (this browser, and the account when signed in). It submits the
 * course's PickForm, so a tap before hydration is not lost; once mounted it saves in the page.
 */
export default function SaveButton({ courseId, title, size = 'sm' }: SaveButtonProps) {
  const list = useStore($shortlist);
  const mounted = useMounted();
  const [error, setError] = useState('');
  const saved = mounted && list.includes(courseId);
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // React handles the click only once hydrated: from then on the page does the work, not the form.
    event.preventDefault();
    const nowSaved = toggleShortlist(courseId);
    setError('');
    syncShortlistChange(courseId, nowSaved).then(
      (ok) => setError(ok ? '' : 'Saved on this device only; we could not reach your account.'),
      () => setError('Saved on this device only; we could not reach your account.'),
    );
  };
  return (
    <span className="inline-flex flex-col">
      <button
        type="submit"
        form={pickFormId(courseId)}
        name="action"
        value={saved ? 'unsave' : 'save'}
        onClick={onClick}
        aria-pressed={saved}
        aria-label={`${saved ? 'Saved' : 'Save'}: ${title}`}
        className={`inline-flex items-center justify-center gap-1 rounded-lg border font-semibold transition-colors ${
          size === 'sm' ? 'min-h-10 px-3 text-sm' : 'min-h-12 px-5'
        } ${saved ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-ink-300 bg-white text-ink-800 hover:bg-ink-50'}`}
      >
        <span aria-hidden="true">{saved ? '★' : '☆'}</span>
        {saved ? 'Saved' : 'Save'}
      </button>
      {error && <span className="mt-1 text-xs text-warning-600">{error}</span>}
    </span>
  );
}
