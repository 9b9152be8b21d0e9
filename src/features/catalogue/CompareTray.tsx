import { useStore } from '@nanostores/react';
import { $compare, COMPARE_LIMIT, clearCompare, compareHref, removeFromCompare } from './compare-store.ts';
import { useMounted } from './use-mounted.ts';

/** The courses picked for comparison, kept across pages; a link opens them side by side. */
export default function CompareTray() {
  const list = useStore($compare);
  const mounted = useMounted();
  if (!mounted || list.length === 0) return null;
  return (
    <section
      aria-label="Compare tray"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-ink-200 bg-white/95 shadow-lg backdrop-blur"
    >
      <div className="container-page flex flex-wrap items-center gap-3 py-3">
        <h2 className="text-sm font-bold">
          Compare ({list.length} of {COMPARE_LIMIT})
        </h2>
        <ul className="flex flex-1 flex-wrap gap-2">
          {list.map((item) => (
            <li
              key={item.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm"
            >
              <span className="max-w-56 truncate">{item.title}</span>
              <button
                type="button"
                onClick={() => removeFromCompare(item.id)}
                aria-label={`Remove ${item.title} from comparison`}
                className="inline-flex size-8 items-center justify-center rounded-full hover:bg-brand-100"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={clearCompare}
          className="min-h-10 px-3 text-sm text-brand-700 underline"
        >
          Clear
        </button>
        <a
          href={compareHref(list)}
          className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white"
        >
          Compare side by side
        </a>
      </div>
    </section>
  );
}
