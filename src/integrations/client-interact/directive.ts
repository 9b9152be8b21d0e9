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

/**
 * `client:interact={{ ... }}`: where to listen, and saved state that means the island has something
 * to show at once. Without a value the island itself is watched and nothing is read.
 */
export interface InteractOptions {
  /** `page`: an interaction anywhere on the page hydrates the island (it shows what other islands change). */
  on?: 'island' | 'page';
  /** A localStorage key: a non-empty JSON list there hydrates the island at once (and when another tab writes it). */
  storageKey?: string;
  /** A cookie name: the cookie being set hydrates the island at once. */
  cookie?: string;
}

function optionsOf(value: unknown): InteractOptions {
  return typeof value === 'object' && value !== null ? (value as InteractOptions) : {};
}

function storedListIn(key: string, text: string | null): boolean {
  if (!key || text === null) return false;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.length > 0;
  } catch {
    return false;
  }
}

function hasSavedState(options: InteractOptions): boolean {
  const { storageKey, cookie } = options;
  if (cookie && document.cookie.split('; ').some((part) => part.startsWith(`${cookie}=`))) return true;
  if (!storageKey) return false;
  try {
    return storedListIn(storageKey, window.localStorage.getItem(storageKey));
  } catch {
    // Storage may be blocked; the island then waits for an interaction.
    return false;
  }
}

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

const SUBMIT_BUTTON = 'button:not([type]), button[type="submit"], input[type="submit"]';

/**
 * A press on one of the island's submit buttons while its code is loading (a tap on a phone wakes
 * the island on touchstart, and the click follows before the code has run) is held and pressed
 * again once the island has hydrated, so the island answers it in the page instead of the plain
 * form reloading it. Should the code fail to load, the held press goes ahead as the plain form.
 */
function holdPressesWhileLoading(el: HTMLElement): { release: () => void } {
  const held: HTMLElement[] = [];
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(SUBMIT_BUTTON) : null;
    if (!button || !el.contains(button) || event.button !== 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(button)) held.push(button);
  };
  document.addEventListener('click', onClick, true);
  return {
    release: () => {
      document.removeEventListener('click', onClick, true);
      // After the island's first render has attached its handlers.
      window.setTimeout(() => {
        for (const button of held.splice(0)) if (button.isConnected) button.click();
      }, 0);
    },
  };
}

/**
 * `client:interact`: the server-rendered island works on its own (a plain form) and hydrates on the
 * visitor's first interaction with it. Nothing typed is lost: a key typed or a box ticked before
 * hydration lands in the page, and the island reads the form as it finds it when it mounts; a
 * button pressed while the code loads is pressed again once it has (see holdPressesWhileLoading).
 * With `on: 'page'` and saved state (see InteractOptions), an island that usually shows nothing
 * (the compare tray) costs no script until there is something to show or the visitor acts.
 */
const interactDirective: ClientDirective = (load, directive, el) => {
  const options = optionsOf(directive.value);
  const target: HTMLElement | Document = options.on === 'page' ? document : el;
  let started = false;
  const onStorage = (event: StorageEvent) => {
    if (options.storageKey && event.key === options.storageKey && storedListIn(event.key, event.newValue))
      hydrate();
  };
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTION_EVENTS) target.removeEventListener(type, hydrate, true);
    window.removeEventListener('storage', onStorage);
    const presses = holdPressesWhileLoading(el);
    void load()
      .then((run) => run())
      .finally(() => presses.release());
  };
  if (hasSavedState(options)) {
    hydrate();
    return;
  }
  for (const type of INTERACTION_EVENTS)
    target.addEventListener(type, hydrate, { capture: true, passive: true });
  if (options.storageKey) window.addEventListener('storage', onStorage);
  // Focus may already be inside (a restored page, or a quick visitor): that is an interaction too.
  if (el.contains(document.activeElement)) hydrate();
  else preloadWhenIdle(el);
};

export default interactDirective;
