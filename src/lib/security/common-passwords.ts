/**
 * Passwords of the required length that people pick most often. The backend refuses a much longer
 * list; this short one gives the same answer instantly while typing.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '1234567890',
  '0123456789',
  '12345678910',
  '1111111111',
  '0987654321',
  '123456789a',
  'a123456789',
  'abc1234567',
  'abcdefghij',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'zaq12wsxcde',
  'qazwsxedcrfv',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'passwordpassword',
  'iloveyou123',
  'football123',
  'baseball123',
  'welcome123',
  'letmein123',
  'sunshine123',
  'princess123',
  'monkey12345',
  'dragon12345',
  'trustno1234',
  'administrator',
  'changeme123',
  'unipath123',
  'unipath2026',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
