import { describe, expect, it } from 'vitest';
import { blogPostingJsonLd } from '../../../src/lib/seo/blog-posting.ts';
import { faqPageJsonLd } from '../../../src/lib/seo/faq-page.ts';
import { serializeJsonLd } from '../../../src/lib/seo/json-ld.ts';
import { organizationJsonLd, websiteJsonLd } from '../../../src/lib/seo/organization.ts';

const site = new URL('https://unipath.example');
const org = {
  name: 'Unipath',
  description: 'Study abroad.',
  email: 'hello@unipath.example',
  telephone: '+44 20 7946 0321',
  address: { street: '1 Lane', locality: 'London', postalCode: 'WC2A 1LS', countryCode: 'GB' },
};

describe('JSON-LD builders', () => {
  it('describes the organisation with absolute URLs and a contact point', () => {
    const data = organizationJsonLd(site, org);
    expect(data).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://unipath.example/#organization',
      url: 'https://unipath.example/',
      logo: 'https://unipath.example/favicon.svg',
      contactPoint: { '@type': 'ContactPoint', email: 'hello@unipath.example' },
      address: { '@type': 'PostalAddress', addressCountry: 'GB' },
    });
  });

  it('links the website to its publishing organisation', () => {
    expect(websiteJsonLd(site, 'Unipath', 'Study abroad.')).toMatchObject({
      '@type': 'WebSite',
      url: 'https://unipath.example/',
      publisher: { '@id': 'https://unipath.example/#organization' },
    });
  });

  it('turns FAQs into questions with accepted answers, in order', () => {
    const data = faqPageJsonLd([
      { question: 'Is it free?', answer: 'Yes.' },
      { question: 'Who decides?', answer: 'Universities.' },
    ]);
    expect(data['@type']).toBe('FAQPage');
    expect(data['mainEntity']).toEqual([
      { '@type': 'Question', name: 'Is it free?', acceptedAnswer: { '@type': 'Answer', text: 'Yes.' } },
      {
        '@type': 'Question',
        name: 'Who decides?',
        acceptedAnswer: { '@type': 'Answer', text: 'Universities.' },
      },
    ]);
  });

  it('dates a post by its update when there is one, else by publication', () => {
    const base = {
      url: new URL('/blog/visas/', site),
      title: 'Visas',
      description: 'How visas work.',
      author: 'Priya Nair',
      pubDate: new Date('2026-01-20T00:00:00Z'),
      tags: ['visas', 'planning'],
      image: new URL('/og-default.png', site),
    };
    const fresh = blogPostingJsonLd(site, base);
    const updated = blogPostingJsonLd(site, { ...base, updatedDate: new Date('2026-08-04T00:00:00Z') });
    expect(fresh).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Visas',
      url: 'https://unipath.example/blog/visas/',
      datePublished: '2026-01-20T00:00:00.000Z',
      dateModified: '2026-01-20T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Priya Nair' },
      publisher: { '@id': 'https://unipath.example/#organization' },
      keywords: 'visas, planning',
    });
    expect(updated['dateModified']).toBe('2026-08-04T00:00:00.000Z');
  });

  it('serialises so that content can never close the script element', () => {
    const json = serializeJsonLd(
      faqPageJsonLd([{ question: '</script><script>alert(1)</script>', answer: 'a & b <!--' }]),
    );
    expect(json).not.toMatch(/[<>]/);
    expect(json).not.toContain('&');
    expect(JSON.parse(json)).toMatchObject({ mainEntity: [{ name: '</script><script>alert(1)</script>' }] });
  });
});
