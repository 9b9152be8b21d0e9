import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $shortlist, syncShortlistChange, toggleShortlist } from './shortlist-store.ts';

interface SavedCourse {
  id: string;
  slug: string;
  title: string;
  universityName: string;
  universityCity: string;
  nextDeadline: string | null;
}

type Loaded = { ids: string; courses: SavedCourse[] } | { ids: string; error: true };

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

/**
 * The saved courses with their next deadline and a remove button. Reads the shortlist store, so it
 * shows the same list wherever it is mounted (the saved-courses page, the applicant dashboard).
 */
export interface ShortlistPanelProps {
  heading?: string;
  headingClass?: string;
  className?: string;
  /**
   * The courses the server knows the account holds (the dashboard), shown from the first render:
   * this browser's own picks join them, and nothing reads "Nothing saved yet" while they are merged.
   */
  accountIds?: readonly string[];
}

export default function ShortlistPanel({
  heading = 'Saved courses',
  headingClass = 'text-2xl font-bold',
  className,
  accountIds = [],
}: ShortlistPanelProps) {
  const stored = useStore($shortlist);
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const ids = [...new Set([...stored, ...accountIds])].filter((id) => !removed.includes(id)).sort();
  const key = ids.join(',');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    fetch(`/api/catalogue/saved?ids=${key}`, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ courses: SavedCourse[] }>) : Promise.reject(),
      )
      .then(
        (body) => setLoaded({ ids: key, courses: body.courses }),
        () => !controller.signal.aborted && setLoaded({ ids: key, error: true }),
      );
    return () => controller.abort();
  }, [key]);
  const remove = (id: string) => {
    if (stored.includes(id)) toggleShortlist(id);
    setRemoved((current) => [...current, id]);
    void syncShortlistChange(id, false);
  };
  const current = loaded && loaded.ids === key ? loaded : null;
  return (
    <section aria-labelledby="shortlist-heading" aria-busy={Boolean(key) && !current} className={className}>
      <h2 id="shortlist-heading" className={headingClass}>
        {heading}
      </h2>
      {!key && (
        <p className="mt-3 text-ink-700">
          Nothing saved yet. Choose “Save” on any course to keep it here.{' '}
          <a className="text-brand-700 underline" href="/courses">
            Find courses
          </a>
        </p>
      )}
      {key && !current && <p className="mt-3 text-ink-600">Loading your saved courses…</p>}
      {current && 'error' in current && (
        <p className="mt-3 text-danger-600">Your saved courses could not be loaded.</p>
      )}
      {current && 'courses' in current && (
        <ul className="mt-4 grid gap-3">
          {current.courses.map((course) => (
            <li
              key={course.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-ink-200 p-4"
            >
              <div>
                <a className="font-semibold text-brand-700 underline" href={`/courses/${course.slug}`}>
                  {course.title}
                </a>
                <p className="text-sm text-ink-700">
                  {course.universityName}, {course.universityCity}
                  {course.nextDeadline ? ` · next deadline ${day(course.nextDeadline)}` : ' · no open intake'}
                </p>
              </div>
              <div className="flex gap-2">
                <a
                  className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white"
                  href={`/admission-application?course=${course.id}`}
                  aria-label={`Apply: ${course.title}`}
                >
                  Apply
                </a>
                <button
                  type="button"
                  onClick={() => remove(course.id)}
                  aria-label={`Remove ${course.title} from saved courses`}
                  className="min-h-10 rounded-lg border border-ink-300 px-3 text-sm font-semibold"
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
