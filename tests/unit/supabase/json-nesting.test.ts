import { describe, expect, it } from 'vitest';
import { jsonNesting } from '../../../supabase/local/http/json.ts';

describe('jsonNesting', () => {
  it('counts how deeply arrays and objects nest', () => {
    expect(jsonNesting('1')).toBe(0);
    expect(jsonNesting('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonNesting('[[]],[[[]]]')).toBe(3);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNesting('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonNesting('["\\"[[[", "\\\\"]')).toBe(1);
  });

  it('measures a body 100,000 levels deep without recursion', () => {
    expect(jsonNesting('['.repeat(100_000) + ']'.repeat(100_000))).toBe(100_000);
  });
});
