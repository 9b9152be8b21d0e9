/** Signed-in and staff areas, and the pages of refused requests, where no lead popup or WhatsApp button appears. */
export const APP_PATHS = [
  '/dashboard',
  '/applications',
  '/admission-application',
  '/profile',
  '/admin',
  '/admin-intake',
  '/setup-admin',
  '/auth',
  '/unsubscribe',
  '/reference',
  '/refused',
] as const;

export function isAppPath(pathname: string): boolean {
  return APP_PATHS.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}
