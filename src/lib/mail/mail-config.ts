/** The local stack's SMTP port when supabase/config.toml does not say otherwise ([inbucket] smtp_port). */
export const LOCAL_SMTP_PORT = 54325;

/** Where `npm run backend` serves the local stack's API when nothing says otherwise. */
const LOCAL_API_PORT = '54321';

/**
 * The SMTP server the app's e-mails go to: SMTP_URL when set; otherwise the local stack's mailbox
 * when SUPABASE_URL is the local stack at its default address (a stack on another port has its own
 * listener, which whoever started it passes as SMTP_URL, as `npm start` and the test servers do);
 * otherwise null, as a hosted project has no mail server of its own for the app.
 */
export function smtpUrlFor(env: { smtpUrl?: string | undefined; supabaseUrl?: string | undefined }) {
  const configured = env.smtpUrl?.trim();
  if (configured) return configured;
  if (!env.supabaseUrl) return null;
  let url: URL;
  try {
    url = new URL(env.supabaseUrl);
  } catch {
    return null;
  }
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return local && url.port === LOCAL_API_PORT ? `smtp://127.0.0.1:${LOCAL_SMTP_PORT}` : null;
}
