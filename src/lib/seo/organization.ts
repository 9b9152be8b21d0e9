import type { JsonLd } from './json-ld.ts';

export interface OrganizationInput {
  name: string;
  description: string;
  email: string;
  telephone: string;
  address: { street: string; locality: string; postalCode: string; countryCode: string };
}

/** Stable node id so other JSON-LD (posts, the website) can point at the organisation. */
export function organizationId(site: URL): string {
  return new URL('/#organization', site).href;
}

export function organizationJsonLd(site: URL, org: OrganizationInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(site),
    name: org.name,
    description: org.description,
    url: new URL('/', site).href,
    logo: new URL('/favicon.svg', site).href,
    email: org.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: org.address.street,
      addressLocality: org.address.locality,
      postalCode: org.address.postalCode,
      addressCountry: org.address.countryCode,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'admissions counselling',
      email: org.email,
      telephone: org.telephone,
      availableLanguage: ['en'],
    },
  };
}

export function websiteJsonLd(site: URL, name: string, description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': new URL('/#website', site).href,
    name,
    description,
    url: new URL('/', site).href,
    inLanguage: 'en',
    publisher: { '@id': organizationId(site) },
  };
}
