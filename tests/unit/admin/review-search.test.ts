import { describe, expect, it } from 'vitest';
import { searchTerm } from '../../../src/lib/search-term.ts';

describe('review queue search', () => {
  it('keeps what was typed in one normal form, on one line, at most 80 characters', () => {
    expect(searchTerm('  UP-2027-7F3K9Q ')).toBe('UP-2027-7F3K9Q');
    expect(searchTerm("Chiamaka O'Neil-Adébáyọ̀")).toBe("Chiamaka O'Neil-Adébáyọ̀");
    expect(searchTerm('Zoe\u0308  Fernández\n Walsh')).toBe('Zoë Fernández Walsh');
    expect(searchTerm('x'.repeat(200))).toHaveLength(80);
    expect(searchTerm(' amara_okafor+1@example.com ')).toBe('amara_okafor+1@example.com');
  });
});
