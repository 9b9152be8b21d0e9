import { describe, expect, it } from 'vitest';
import { sanitizeNextPath, signInPath } from '../../../src/lib/security/next-path.ts';

describe('sanitizeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(sanitizeNextPath('/profile')).toBe('/profile');
    expect(sanitizeNextPath('/applications?status=draft#top')).toBe('/applications?status=draft#top');
    expect(sanitizeNextPath('/courses/../profile')).toBe('/profile');
  });

  it.each([
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    '/\tevil',
    '/\n/evil.example',
    '',
  ])('refuses %j', (value) => {
    const result = sanitizeNextPath(value, '/dashboard');
    expect(result).toBe('/dashboard');
  });

  it('never yields a protocol-relative path, even after normalising', () => {
    expect(sanitizeNextPath('/.//evil.example')).not.toMatch(/^\/\//);
  });

  it('refuses values that are not strings', () => {
    expect(sanitizeNextPath(undefined)).toBe('/dashboard');
    expect(sanitizeNextPath(['/profile'])).toBe('/dashboard');
  });

  it('builds the sign-in address for a protected page', () => {
    expect(signInPath('/profile?tab=security')).toBe('/auth?next=%2Fprofile%3Ftab%3Dsecurity');
    expect(signInPath('//evil.example')).toBe('/auth?next=%2F');
  });
});
