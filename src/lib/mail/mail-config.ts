/** Where the app's e-mails go; null when this deployment has nowhere to send them. */
export function mailEndpointFor(env: { mailApiUrl?: string | undefined; supabaseUrl?: string | undefined }) {
  if (env.mailApiUrl) return env.mailApiUrl;
  if (!env.supabaseUrl) return null;
  let url: URL;
  try {
    url = new URL(env.supabaseUrl);
  } catch {
    return null;
  }
  // Only the local stack has a mailbox; a hosted project needs an explicit MAIL_API_URL.
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return local ? new URL('/mailbox/api/send', url).href : null;
}
