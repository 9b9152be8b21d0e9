import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $compare, COMPARE_LIMIT, clearCompare, compareHref, removeFromCompare } from './compare-store.ts';
import { useMounted } from './use-mounted.ts';

/** The CSS variable toasts read to sit above the tray instead of over its actions. */
export const TRAY_OFFSET_VARIABLE = '--compare-tray-height';

/**
 * The courses picked for comparison, kept across pages; a link opens them side by side. On a phone
 * the list folds away behind its heading, so the tray keeps to one row unless the visitor opens it.
 */
export default function CompareTray() {
  const list = useStore($compare);
  const mounted = useMounted();
  const [open, setOpen] = useState(false);
  const tray = useRef<HTMLElement>(null);
  const shown = mounted && list.length > 0;

  useEffect(() => {
    const root = document.documentElement;
    const element = tray.current;
    if (!shown || !element) {
      root.style.removeProperty(TRAY_OFFSET_VARIABLE);
      return;
    }
    const measure = () => root.style.setProperty(TRAY_OFFSET_VARIABLE, `${element.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TRAY_OFFSET_VARIABLE);
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <section
      ref={tray}
      aria-label="Compare tray"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-ink-200 bg-white/95 shadow-lg backdrop-blur"
    >
      <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-2 py-2 sm:py-3">
        <h2 className="text-sm font-bold">
          <span className="hidden sm:inline">
            Compare ({list.length} of {COMPARE_LIMIT})
          </span>
          {/* Phones only: the picks fold away behind the heading. */}
          <button
            type="button"
            aria-expanded={open}
            aria-controls="compare-tray-picks"
            onClick={() => setOpen((value) => !value)}
            className="inline-flex min-h-10 items-center gap-1 sm:hidden"
          >
            Compare ({list.length} of {COMPARE_LIMIT})
            <span aria-hidden="true" className="text-ink-600">
              {open ? '▾' : '▸'}
            </span>
          </button>
        </h2>
        <a
          href={compareHref(list)}
          className="order-2 ml-auto inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white sm:order-3 sm:ml-0"
        >
          Compare side by side
        </a>
        <div
          id="compare-tray-picks"
          className={`${open ? 'flex' : 'hidden'} order-3 w-full flex-wrap items-center gap-2 sm:order-2 sm:flex sm:w-auto sm:flex-1`}
        >
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
        </div>
      </div>
    </section>
  );
}
