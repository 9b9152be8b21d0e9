import type { AuthView } from './views.ts';

const LINKS: Record<string, { view: AuthView; label: string }[]> = {
  'sign-in': [
    { view: 'sign-up', label: 'New to Unipath? Create an account' },
    { view: 'forgot', label: 'Forgot your password?' },
    { view: 'magic-link', label: 'Sign in with an e-mail link or code instead' },
    { view: 'resend', label: 'Resend the confirmation e-mail' },
  ],
  'sign-up': [
    { view: 'sign-in', label: 'Already have an account? Sign in' },
    { view: 'resend', label: 'Resend the confirmation e-mail' },
  ],
  mfa: [{ view: 'mfa-recovery', label: 'Lost your authenticator app? Use a recovery code' }],
  'mfa-recovery': [{ view: 'mfa', label: 'Use a code from your authenticator app instead' }],
  reset: [],
};
const BACK = [{ view: 'sign-in' as const, label: 'Back to sign in' }];

/** Plain links between the steps, so every step is reachable without JavaScript. */
export default function AuthLinks({ view, next }: { view: AuthView; next: string }) {
  const links = LINKS[view] ?? BACK;
  if (links.length === 0) return null;
  return (
    <nav aria-label="Other ways to sign in">
      <ul className="flex flex-col gap-2 text-sm">
        {links.map((link) => (
          <li key={link.view}>
            <a
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
              href={`/auth?view=${link.view}&next=${encodeURIComponent(next)}`}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
