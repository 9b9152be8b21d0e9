import { useEffect } from 'react';
import { seedCsrf } from '../../stores/csrf.ts';
import { $session } from '../../stores/session.ts';
import { $shortlistOwner, mergeWithAccount } from './shortlist-store.ts';

export interface ShortlistSyncProps {
  /** The signed-in user the server verified for this page, or null for visitors. */
  userId: string | null;
  csrfToken: string;
}

/**
 * Joins this browser's saved courses with the account's when an applicant is signed in: on the
 * first page after signing in, and whenever a sign-in happens in this tab. Renders nothing.
 */
export default function ShortlistSync({ userId, csrfToken }: ShortlistSyncProps) {
  useEffect(() => {
    if (csrfToken) seedCsrf(csrfToken);
    $shortlistOwner.set(userId);
    if (userId) void mergeWithAccount();
    return $session.listen(({ event, user }) => {
      if (event === 'SIGNED_OUT') $shortlistOwner.set(null);
      if (event === 'SIGNED_IN' && user) {
        $shortlistOwner.set(user.id);
        void mergeWithAccount();
      }
    });
  }, [userId, csrfToken]);
  return null;
}
