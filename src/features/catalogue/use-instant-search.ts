import { useCallback, useEffect, useRef, useState } from 'react';

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
 * the one in flight, and the address bar always shows the query the results are for.
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

  useEffect(() => () => clearTimeout(timer.current), []);
  return { data, query, loading, error, search };
}
