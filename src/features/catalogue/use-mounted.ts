import { useEffect, useState } from 'react';

/**
 * False during the server render and hydration, true afterwards. Values kept in the browser
 * (saved courses, the compare tray) render only after mounting so the hydrated markup matches.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
