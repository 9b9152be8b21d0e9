/**
 * Runs inside the page before its scripts: records Event Timing entries (what INP is made of) and
 * the time of the last change to the main content, so a result update can be timed.
 */
export function installProbe(): void {
  const w = window as unknown as { __events: Array<{ id: number; duration: number }>; __lastChange: number };
  w.__events = [];
  w.__lastChange = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { interactionId?: number }>)
      if (entry.interactionId) w.__events.push({ id: entry.interactionId, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const watch = () =>
    new MutationObserver(() => (w.__lastChange = performance.now())).observe(
      document.querySelector('main') ?? document.body,
      {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      },
    );
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();
}

/** Longest event duration of each interaction, in ms (an interaction is one keystroke, click or change). */
export function interactionDurations(events: Array<{ id: number; duration: number }>): number[] {
  const longest = new Map<number, number>();
  for (const e of events) longest.set(e.id, Math.max(longest.get(e.id) ?? 0, e.duration));
  return [...longest.values()];
}
