import { describe, expect, it } from 'vitest';
import { passwordWeakness } from '../../../supabase/local/auth/password-policy.ts';

describe('the local auth password policy', () => {
  it('refuses the most common passwords only where config.toml turns it on, as hosted leaked-password protection is switched', () => {
    expect(
      passwordWeakness('qwertyuiop', { minimumPasswordLength: 10, refuseLeakedPasswords: true }),
    ).toMatchObject({
      reasons: ['pwned'],
    });
    expect(
      passwordWeakness('qwertyuiop', { minimumPasswordLength: 10, refuseLeakedPasswords: false }),
    ).toBeNull();
  });

  it('holds the length rule either way', () => {
    expect(
      passwordWeakness('short', { minimumPasswordLength: 10, refuseLeakedPasswords: false })?.reasons,
    ).toEqual(['length']);
  });
});
