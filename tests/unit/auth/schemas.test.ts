import { describe, expect, it } from 'vitest';
import {
  mfaRecoverySchema,
  RESEND_MISSING_MESSAGE,
  resendSchema,
  signInSchema,
  signUpSchema,
  verifyCodeSchema,
} from '../../../src/features/auth/schema.ts';
import {
  changePasswordSchema,
  deleteAccountSchema,
  educationSchema,
  personalDetailsSchema,
  testScoresSchema,
} from '../../../src/features/profile/schema.ts';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';

function errorsOf(result: { success: boolean; error?: unknown }) {
  return result.success ? {} : fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0]);
}

describe('auth schemas', () => {
  it('normalise the e-mail address and require a password to sign in', () => {
    expect(signInSchema.parse({ email: '  Ada@Example.COM ', password: 'x' }).email).toBe('ada@example.com');
    expect(errorsOf(signInSchema.safeParse({ email: 'not-an-address', password: '' }))).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com.',
      password: 'Enter your password.',
    });
  });

  it('require ten characters, refuse common passwords and matching confirmation at sign-up', () => {
    const base = { email: 'ada@example.com', full_name: '' };
    expect(
      errorsOf(signUpSchema.safeParse({ ...base, password: 'short', password_confirm: 'short' }))['password'],
    ).toBe('Use at least 10 characters.');
    expect(
      errorsOf(signUpSchema.safeParse({ ...base, password: 'Password123', password_confirm: 'Password123' }))[
        'password'
      ],
    ).toMatch(/too common/);
    expect(
      errorsOf(
        signUpSchema.safeParse({ ...base, password: 'a long passphrase', password_confirm: 'another one' }),
      ),
    ).toEqual({
      password_confirm: 'The passwords do not match.',
    });
    expect(
      signUpSchema.safeParse({
        ...base,
        password: 'a long passphrase',
        password_confirm: 'a long passphrase',
      }).success,
    ).toBe(true);
  });

  it('ask for both an address and a type to resend, in the backend’s words', () => {
    expect(errorsOf(resendSchema.safeParse({ email: '', type: 'signup' }))['email']).toBe(
      RESEND_MISSING_MESSAGE,
    );
    expect(errorsOf(resendSchema.safeParse({ email: 'ada@example.com' }))['type']).toBe(
      RESEND_MISSING_MESSAGE,
    );
  });

  it('accept only numeric e-mail codes for known purposes', () => {
    expect(verifyCodeSchema.safeParse({ email: 'a@b.co', code: '123456', type: 'signup' }).success).toBe(
      true,
    );
    expect(
      Object.keys(errorsOf(verifyCodeSchema.safeParse({ email: 'a@b.co', code: '12ab56', type: 'invite' }))),
    ).toEqual(['code', 'type']);
  });

  it('take a recovery code as people type it, and refuse anything that cannot be one', () => {
    for (const typed of ['7k2m9-x4p0q', ' 7K2M9 X4P0Q ', '7k2m9x4p0q'])
      expect(mfaRecoverySchema.safeParse({ code: typed }).success).toBe(true);
    for (const typed of ['', '7k2m9', '7k2m9-x4p0q-1', '7k2m9-x4p0!'])
      expect(errorsOf(mfaRecoverySchema.safeParse({ code: typed }))['code']).toMatch(
        /ten letters and digits/,
      );
  });
});

describe('profile schemas', () => {
  it('turn empty personal fields into nulls and check formats', () => {
    const parsed = personalDetailsSchema.parse({
      full_name: 'Ada',
      date_of_birth: '',
      nationality: 'gb',
      phone: '',
      address_line: '',
      city: '',
      postal_code: '',
      country: '',
    });
    expect(parsed).toMatchObject({ full_name: 'Ada', nationality: 'GB', date_of_birth: null, phone: null });
    const errors = errorsOf(
      personalDetailsSchema.safeParse({
        full_name: '',
        date_of_birth: '2999-01-01',
        nationality: 'Britain',
        phone: 'call me',
        address_line: '',
        city: '',
        postal_code: '',
        country: '',
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['date_of_birth', 'full_name', 'nationality', 'phone']);
  });

  it('keep a passport number as printed, empty as none, and refuse one with other characters', () => {
    const base = {
      full_name: 'Ada',
      date_of_birth: '',
      nationality: 'GB',
      phone: '',
      address_line: '',
      city: '',
      postal_code: '',
      country: '',
    };
    expect(personalDetailsSchema.parse({ ...base, passport_number: ' 5123 45678 ' }).passport_number).toBe(
      '5123 45678',
    );
    expect(personalDetailsSchema.parse({ ...base, passport_number: '' }).passport_number).toBeNull();
    expect(errorsOf(personalDetailsSchema.safeParse({ ...base, passport_number: 'AB/12#34' }))).toEqual({
      passport_number: 'Enter the passport number as printed: 5 to 24 letters and digits.',
    });
  });

  it('regroup flat education rows, ignore blank rows and report errors by field name', () => {
    const parsed = educationSchema.parse({
      'education.0.institution': 'Leeds',
      'education.0.qualification': 'BSc',
      'education.1.institution': '',
    });
    expect(parsed.education).toHaveLength(1);
    expect(
      errorsOf(
        educationSchema.safeParse({
          'education.0.institution': 'Leeds',
          'education.0.start_year': '2022',
          'education.0.end_year': '2020',
        }),
      ),
    ).toEqual({
      'education.0.qualification': 'Enter the qualification, like A levels or BSc.',
      'education.0.end_year': 'The end year cannot be before the start year.',
    });
  });

  it('check each English test’s score range and step', () => {
    const ok = testScoresSchema.parse({
      'test_scores.0.test': 'ielts',
      'test_scores.0.score': '7.5',
      'test_scores.0.taken_on': '2025-01-01',
    });
    expect(ok.test_scores).toEqual([{ test: 'ielts', score: 7.5, taken_on: '2025-01-01' }]);
    expect(
      errorsOf(
        testScoresSchema.safeParse({
          'test_scores.0.test': 'ielts',
          'test_scores.0.score': '7.3',
          'test_scores.0.taken_on': '2025-01-01',
        }),
      ),
    ).toHaveProperty(['test_scores.0.score']);
    expect(
      errorsOf(
        testScoresSchema.safeParse({
          'test_scores.0.test': 'toefl',
          'test_scores.0.score': '121',
          'test_scores.0.taken_on': '2025-01-01',
        }),
      ),
    ).toHaveProperty(['test_scores.0.score']);
    expect(
      testScoresSchema.safeParse({
        'test_scores.0.test': 'duolingo',
        'test_scores.0.score': '125',
        'test_scores.0.taken_on': '2025-01-01',
      }).success,
    ).toBe(true);
  });

  it('need the e-mailed nonce for a password change and the typed word to delete', () => {
    expect(
      errorsOf(
        changePasswordSchema.safeParse({
          password: 'a long passphrase',
          password_confirm: 'a long passphrase',
          nonce: '',
        }),
      ),
    ).toHaveProperty('nonce');
    expect(deleteAccountSchema.safeParse({ confirm: 'delete' }).success).toBe(false);
    expect(deleteAccountSchema.safeParse({ confirm: 'DELETE' }).success).toBe(true);
  });
});
