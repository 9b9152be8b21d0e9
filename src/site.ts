/** Non-secret constants shared by the public pages. Copy that editors change lives in content/. */

export const SITE = {
  name: 'Unipath',
  tagline: 'Find the right university and course, then apply with confidence.',
  description:
    'Unipath helps students discover universities and courses abroad, compare their options and apply with free guidance from admissions counsellors.',
  locale: 'en',
  ogImage: '/og-default.png',
  ogImageAlt: 'Unipath — discover universities and courses and apply with confidence',
} as const;

export interface NavItem {
  href: string;
  label: string;
}

/** Header navigation, in display order. Add routes here as they ship. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Home' },
  { href: '/universities/', label: 'Universities' },
  { href: '/courses/', label: 'Courses' },
  { href: '/discover/', label: 'Discover' },
  { href: '/blog/', label: 'Blog' },
  { href: '/about/', label: 'About' },
  { href: '/contact/', label: 'Contact' },
];

export const FOOTER_ITEMS: readonly NavItem[] = [
  { href: '/scholarships/', label: 'Scholarships' },
  { href: '/about/', label: 'About' },
  { href: '/blog/', label: 'Blog' },
  { href: '/contact/', label: 'Contact' },
  { href: '/privacy/', label: 'Privacy' },
  { href: '/terms/', label: 'Terms' },
  { href: '/rss.xml', label: 'RSS feed' },
];

export const CONTACT = {
  email: 'hello@unipath.example',
  phone: '+44 20 7946 0321',
  address: {
    street: '12 Chancery Lane',
    locality: 'London',
    postalCode: 'WC2A 1LS',
    country: 'United Kingdom',
    countryCode: 'GB',
  },
  hours: [
    { days: 'Monday to Friday', time: '09:00–18:00 (UK time)' },
    { days: 'Saturday', time: '10:00–14:00 (UK time)' },
  ],
  replyTime: 'We reply to every message within one working day.',
} as const;

export const POSTS_PER_PAGE = 6;

/**
 * Signed-in and staff areas: never indexed. The sign-in page itself (/auth) may be found by people
 * searching for it; its error and callback paths below /auth/ may not.
 */
export const PRIVATE_PATHS = [
  '/auth/',
  '/dashboard',
  '/admin',
  '/admin-intake',
  '/applications',
  '/admission-application',
  '/profile',
  '/setup-admin',
] as const;
