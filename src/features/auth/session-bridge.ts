import type { BrowserClientConfig, getSupabaseBrowserClient } from '../../lib/supabase/browser.ts';
import { showSecurityToast } from '../security/security-toasts.ts';
import type { FlashToast } from '../../lib/security/flash.ts';
import { recordAudit } from '../../stores/audit-log.ts';
import { seedCsrf } from '../../stores/csrf.ts';
import {
  $session,
  AUTH_CHANNEL,
  isAuthEvent,
  seedSession,
  setSession,
  type AuthEventName,
} from '../../stores/session.ts';
import { pushToast } from '../../stores/toasts.ts';
import type { SessionUser } from '../../lib/auth/session-user.ts';
import { adoptUrlSession, readUrlSession } from './url-session.ts';

export interface SessionBridgeProps {
  user: SessionUser | null;
  csrfToken: string;
  supabase: BrowserClientConfig;
  flash: FlashToast[];
  /** An event the server already knows happened (e.g. PASSWORD_RECOVERY on the reset form). */
  initialEvent?: AuthEventName;
}

function showFlash(flash: readonly FlashToast[]): void {
  for (const toast of flash) {
    if (toast.kind === 'error' || toast.kind === 'warning') showSecurityToast(toast, toast.kind);
    else pushToast(toast);
  }
}

/** Refreshes tokens on a timer only while the page is visible. */
function refreshWhileVisible(client: ReturnType<typeof getSupabaseBrowserClient>): void {
  const sync = () =>
    void (document.visibilityState === 'visible'
      ? client.auth.startAutoRefresh()
      : client.auth.stopAutoRefresh());
  sync();
  document.addEventListener('visibilitychange', sync);
}

/** The id of the element holding the page's SessionBridgeProps as JSON. */
export const SESSION_BRIDGE_ID = 'session-bridge';

/** The props as JSON that is safe inside a `<script>` element. */
export const serialiseBridgeProps = (props: SessionBridgeProps): string =>
  JSON.stringify(props).replace(/</g, '\\u003c');

/**
 * Connects the page to the browser's session: seeds the stores from the server's snapshot of this
 * page load, turns the browser client's auth events (and other tabs' announcements) into $session
 * updates, and records every event in the local audit log, for as long as the page lives.
 */
export function connectSession({ user, csrfToken, supabase, flash, initialEvent }: SessionBridgeProps): void {
  seedSession(user);
  seedCsrf(csrfToken);
  showFlash(flash);
  $session.listen(({ event }) => {
    if (event) recordAudit({ type: 'auth_event', event, path: window.location.pathname });
  });
  if (initialEvent) setSession(initialEvent, user);
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(AUTH_CHANNEL);
  channel?.addEventListener('message', (message: MessageEvent<{ event?: unknown }>) => {
    if (isAuthEvent(message.data.event)) setSession(message.data.event, $session.get().user);
  });
  // The browser's Supabase client (most of this script's weight) is loaded only when there is a
  // session to keep or to adopt: a signed-in visitor, an event the server reported, or a session
  // or an error an auth redirect left in the address.
  if (user || initialEvent || readUrlSession(window.location.hash, Date.now() / 1000))
    void import('../../lib/supabase/browser.ts').then(({ getSupabaseBrowserClient: clientFor }) =>
      connectClient(clientFor(supabase)),
    );
}

/** Follows the browser client's auth events, keeps its tokens fresh and adopts a session in the URL. */
function connectClient(client: ReturnType<typeof getSupabaseBrowserClient>): void {
  client.auth.onAuthStateChange((event, session) => {
    if (!isAuthEvent(event)) return;
    const current = $session.get().user;
    setSession(
      event,
      session ? current : event === 'INITIAL_SESSION' ? current : null,
      session?.expires_at ?? null,
    );
  });
  refreshWhileVisible(client);
  void adoptUrlSession(client);
}

/** Connects the page using the props the server wrote into it; nothing when there are none. */
export function connectPageSession(): void {
  const text = document.getElementById(SESSION_BRIDGE_ID)?.textContent;
  if (text) connectSession(JSON.parse(text) as SessionBridgeProps);
}
