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

/**
 * Results that follow the form as the visitor types: requests are debounced, a newer one aborts
 * the one in flight, and the address bar always shows the query the results are for. The island
 * may hydrate after the visitor has started typing: on mount, a form that changed meanwhile is
 * searched at once, so no keystroke or ticked box is lost.
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
    if (form && formChangedSinceLoad(form)) search(formQuery(form), 0);
    return () => clearTimeout(timer.current);
  }, [search]);
  return { data, query, loading, error, search, formRef };
}
