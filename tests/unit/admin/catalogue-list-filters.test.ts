import { describe, expect, it } from 'vitest';
import { slugFrom } from '../../../src/features/admin/catalogue/slug-from.ts';
import { listHref, parseListFilters } from '../../../src/features/admin/catalogue/university-list.server.ts';

describe('catalogue list filters', () => {
  it('reads search, country, visibility and page from the address', () => {
    const filters = parseListFilters(new URLSearchParams('q=+north+&country=gb&published=no&page=3'));
    expect(filters).toEqual({ q: 'north', country: 'GB', published: 'no', page: 3 });
    expect(listHref(filters)).toBe('/admin/catalogue?q=north&country=GB&published=no&page=3');
  });

  it('falls back to defaults for values it cannot use', () => {
    expect(parseListFilters(new URLSearchParams('country=GBR&published=maybe&page=-2'))).toEqual({
      q: '',
      country: '',
      published: '',
      page: 1,
    });
  });

  it('starts a changed filter from the first page', () => {
    const filters = parseListFilters(new URLSearchParams('q=lake&page=4'));
    expect(listHref(filters, { page: 1 })).toBe('/admin/catalogue?q=lake');
  });
});

describe('addresses made from names', () => {
  it('drops accents and joins words with single hyphens', () => {
    expect(slugFrom('  École Normale — Supérieure! ', 120)).toBe('ecole-normale-superieure');
  });

  it('stays within the limit without a trailing hyphen', () => {
    expect(slugFrom('Alpha Beta Gamma', 11)).toBe('alpha-beta');
  });
});
