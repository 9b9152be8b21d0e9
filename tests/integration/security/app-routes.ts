/** What the app serves, for the fuzz suites: pages, endpoints and the parameters they read. */
import fc from 'fast-check';
import { hostileText } from './hostile.ts';

export const PAGES = [
  '/',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/blog',
  '/blog/page/2',
  '/blog/tag/visas',
  '/courses',
  '/courses/compare',
  '/courses/saved',
  '/universities',
  '/discover',
  '/auth',
  '/auth/callback',
  '/auth/error/csrf',
  '/profile',
  '/profile/export.json',
  '/dashboard',
  '/applications',
  '/admission-application',
  '/rss.xml',
  '/robots.txt',
  '/sitemap-index.xml',
];

/** Pages whose path holds an identifier; `:id` is replaced by fuzzed text. */
export const DYNAMIC = [
  '/courses/:id',
  '/universities/:id',
  '/blog/:id',
  '/applications/:id',
  '/auth/error/:id',
];

/** Every state-changing endpoint and page, with the methods it answers. */
export const WRITES: Array<[string, string[]]> = [
  ['/api/leads', ['POST']],
  ['/api/shortlist', ['POST']],
  ['/api/shortlist/merge', ['POST']],
  ['/api/auth/sign-out', ['POST']],
  ['/api/applications/draft', ['POST']],
  ['/api/applications/:id/submit', ['POST']],
  ['/api/applications/:id/withdraw', ['POST']],
  ['/api/applications/:id/respond', ['POST']],
  ['/api/applications/:id/documents', ['POST', 'DELETE']],
  ['/auth', ['POST']],
  ['/profile', ['POST']],
  ['/contact', ['POST']],
];

export const READ_ENDPOINTS = [
  '/api/auth/csrf',
  '/api/catalogue/courses',
  '/api/catalogue/universities',
  '/api/catalogue/currency',
  '/api/catalogue/saved',
  '/api/shortlist',
];

const PARAMS = [
  'q',
  'page',
  'sort',
  'order',
  'level',
  'field',
  'country',
  'mode',
  'language',
  'intake',
  'min',
  'max',
  'tuition_min',
  'tuition_max',
  'duration',
  'ids',
  'compare',
  'currency',
  'next',
  'course',
  'draft',
  'view',
  'document',
  'code',
  'error',
  'error_description',
  'university',
  'limit',
  'offset',
  'step',
  'email',
  'password',
  'name',
  'message',
  'source',
  'kind',
  'scope',
  'action',
  'csrf_token',
  'token_hash',
  'type',
];

export const identifier = fc.oneof(
  fc.uuid(),
  fc.constantFrom('ashcombe-university', '..', '%2e%2e', '%00', 'index.html', '.git', 'undefined'),
  hostileText.map((text) => encodeURIComponent(text.slice(0, 200))),
);

export const params = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), hostileText), hostileText), {
  maxLength: 5,
});

export function fillPath(route: string, id: string): string {
  return route.replace(':id', id);
}
