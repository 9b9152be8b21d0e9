import { describe, expect, it } from 'vitest';
import { externalReferrer, mergeAttribution, utmFrom } from '../../../src/features/leads/attribution.ts';
import { upcomingIntakes } from '../../../src/features/leads/intakes.ts';
import { whatsappDigits, whatsappHref } from '../../../src/features/leads/whatsapp.ts';

describe('utmFrom', () => {
  it('captures the five UTM parameters and ignores everything else', () => {
    expect(
      utmFrom(
        '?utm_source=newsletter&utm_medium=email&utm_campaign=sept-intake&utm_term=mba&utm_content=cta&ref=x',
      ),
    ).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'sept-intake',
      utm_term: 'mba',
      utm_content: 'cta',
    });
  });

  it('skips blank values and caps long ones at 200 characters', () => {
    const found = utmFrom(`?utm_source=%20&utm_campaign=${'c'.repeat(300)}`);
    expect(found.utm_source).toBeUndefined();
    expect(found.utm_campaign).toHaveLength(200);
  });
});

describe('externalReferrer', () => {
  it('keeps another site without its query string', () => {
    expect(externalReferrer('https://www.google.com/search?q=study', 'https://unipath.example')).toBe(
      'https://www.google.com/search',
    );
  });

  it('ignores this site, other schemes and garbage', () => {
    expect(externalReferrer('https://unipath.example/blog/', 'https://unipath.example')).toBeUndefined();
    expect(externalReferrer('android-app://com.app', 'https://unipath.example')).toBeUndefined();
    expect(externalReferrer('', 'https://unipath.example')).toBeUndefined();
  });
});

describe('mergeAttribution', () => {
  it('keeps the first campaign and referrer of the visit on later pages', () => {
    const landing = { utm_source: 'ads', utm_campaign: 'spring', referrer: 'https://search.test/' };
    expect(mergeAttribution(landing, {})).toEqual(landing);
  });

  it('lets a newer campaign link replace the whole campaign, not mix with it', () => {
    expect(
      mergeAttribution({ utm_source: 'ads', utm_campaign: 'spring' }, { utm_source: 'newsletter' }),
    ).toEqual({
      utm_source: 'newsletter',
    });
  });
});

describe('upcomingIntakes', () => {
  it('lists the next January, May and September starts after today', () => {
    expect(upcomingIntakes(new Date(Date.UTC(2027, 4, 15)), 4)).toEqual([
      { value: '2027-09', label: 'September 2027' },
      { value: '2028-01', label: 'January 2028' },
      { value: '2028-05', label: 'May 2028' },
      { value: '2028-09', label: 'September 2028' },
    ]);
  });
});

describe('WhatsApp link', () => {
  it('uses the configured number as digits and a message naming the page', () => {
    const digits = whatsappDigits('+44 7700 900123');
    expect(digits).toBe('447700900123');
    const url = new URL(whatsappHref(digits ?? '', 'MSc Public Health'));
    expect(url.origin + url.pathname).toBe('https://wa.me/447700900123');
    expect(url.searchParams.get('text')).toBe(
      'Hello Unipath, I would like some advice. I was looking at: MSc Public Health',
    );
  });

  it('treats a missing or implausible number as not configured', () => {
    expect(whatsappDigits(undefined)).toBeUndefined();
    expect(whatsappDigits('')).toBeUndefined();
    expect(whatsappDigits('12-34')).toBeUndefined();
  });
});
