import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * True when a field no longer holds what the server rendered into it: the visitor typed, ticked or
 * chose something before the island hydrated (or the browser restored an earlier visit's entries).
 */
export function formChangedSinceLoad(form: HTMLFormElement): boolean {
  for (const field of Array.from(form.elements)) {
    if (field instanceof HTMLSelectElement) {
      // A select without a `selected` option shows its first one.
      const options = Array.from(field.options);
      const rendered = options.find((option) => option.defaultSelected) ?? options[0];
      if (field.value !== (rendered?.value ?? '')) return true;
    } else if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') {
        if (field.checked !== field.defaultChecked) return true;
      } else if (field.value !== field.defaultValue) return true;
    }
  }
  return false;
}

/** The form's filled-in fields as a query string; empty fields and the page number are left out. */
export function formQuery(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '' && key !== 'page') params.append(key, value.trim());
  }
  return params.toString();
}

export interface InstantSearchOptions<T> {
  /** The JSON endpoint answering the same query string as the page. */
  endpoint: string;
  /** The page whose address is kept in step with the results. */
  pagePath: string;
  initialQuery: string;
  initialData: T;
}

/** How long typing in a text or number field pauses before the results follow it. */
export const TYPING_DELAY_MS = 250;

/** Fields whose every keystroke is an 'input' event; the rest (boxes, menus) count when 'change'd. */
const TYPED_FIELDS = new Set(['search', 'text', 'number']);

/** What searchDelayFor needs of the field an event came from. */
export interface FieldLike {
  readonly tagName: string;
  readonly type?: string;
}

/**
 * How long after a field's event the search runs: typed fields on 'input', after a pause; boxes and
 * menus on 'change', at once; null for the other event of each pair (a text field's 'change' on
 * blur, say) and for anything that is not a field.
 */
export function searchDelayFor(eventType: string, field: FieldLike | null): number | null {
  const tag = field?.tagName.toUpperCase();
  if (tag === 'INPUT' && TYPED_FIELDS.has(field?.type ?? 'text'))
    return eventType === 'input' ? TYPING_DELAY_MS : null;
  if (tag === 'INPUT' || tag === 'SELECT') return eventType === 'change' ? 0 : null;
  return null;
}

/**
 * Results that follow the form as the visitor types: requests are debounced, a newer one aborts
 * the one in flight, and the address bar always shows the query the results are for. The island
 * may hydrate after the visitor has started typing: on mount, a form that changed meanwhile is
 * searched at once, so no keystroke or ticked box is lost.
 *
 * The form's fields are listened to natively rather than through React: the filters may be static
 * HTML the page rendered into the island (a slot), which React's change events do not reach.
 */
export function useInstantSearch<T>({
  endpoint,
  pagePath,
  initialQuery,
  initialData,
}: InstantSearchOptions<T>) {
  const [data, setData] = useState(initialData);
  const [query, setQuery] = useState(initialQuery);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  const fetchNow = useCallback(
    async (next: string) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setLoading(true);
      try {
        const response = await fetch(`${endpoint}${next ? `?${next}` : ''}`, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const body = (await response.json()) as T;
        setData(body);
        setQuery(next);
        setError('');
        history.replaceState(history.state, '', next ? `${pagePath}?${next}` : pagePath);
      } catch {
        if (!controller.signal.aborted) setError('The results could not be updated. Please try again.');
      } finally {
        if (inFlight.current === controller) setLoading(false);
      }
    },
    [endpoint, pagePath],
  );

  const search = useCallback(
    (next: string, delayMs = 200) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void fetchNow(next), delayMs);
    },
    [fetchNow],
  );

  useEffect(() => {
    const form = formRef.current;
    if (!form) return () => clearTimeout(timer.current);
    const onField = (event: Event) => {
      const delay = searchDelayFor(event.type, event.target instanceof Element ? event.target : null);
      if (delay !== null) search(formQuery(form), delay);
    };
    form.addEventListener('input', onField);
    form.addEventListener('change', onField);
    if (formChangedSinceLoad(form)) search(formQuery(form), 0);
    return () => {
      form.removeEventListener('input', onField);
      form.removeEventListener('change', onField);
      clearTimeout(timer.current);
    };
  }, [search]);
  return { data, query, loading, error, search, formRef };
}
