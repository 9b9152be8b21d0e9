import type { ClientDirective } from 'astro';

/**
 * Signs of a visitor reaching for the island: a pointer over it or pressing on it, focus or a key
 * inside it, a touch (scrolling through it on a phone), or its form being sent.
 */
export const INTERACTION_EVENTS = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'focusin',
  'keydown',
  'submit',
] as const;

/** Lets the browser fetch (not run) the island's code while idle, so the first interaction is quick. */
function preloadWhenIdle(el: HTMLElement): void {
  const preload = () => {
    for (const attribute of ['component-url', 'renderer-url']) {
      const href = el.getAttribute(attribute);
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  };
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(preload, { timeout: 10_000 });
  else setTimeout(preload, 2_000);
}

/**
 * `client:interact`: the server-rendered island works on its own (a plain form) and hydrates on the
 * visitor's first interaction with it. Nothing is cancelled: a key typed or a box ticked before
 * hydration lands in the page, and the island reads the form as it finds it when it mounts.
 */
const interactDirective: ClientDirective = (load, _options, el) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTION_EVENTS) el.removeEventListener(type, hydrate, true);
    void load().then((run) => run());
  };
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, hydrate, { capture: true, passive: true });
  // Focus may already be inside (a restored page, or a quick visitor): that is an interaction too.
  if (el.contains(document.activeElement)) hydrate();
  else preloadWhenIdle(el);
};

export default interactDirective;
