import { describe, expect, it } from 'vitest';
import {
  CONSENT_CONFLICT,
  CONSENT_REQUIRED,
  leadFormSchema,
  leadThankYou,
} from '../../../src/features/leads/schema.ts';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';

const valid = {
  name: '  Amara Okafor ',
  email: ' Amara@Example.COM ',
  source: 'lead_form',
  consent_email: 'on',
};

function errorsFor(input: Record<string, string>) {
  const result = leadFormSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('leadFormSchema', () => {
  it('accepts a name and an e-mail address, trimmed and lower-cased, with one consent', () => {
    expect(leadFormSchema.parse(valid)).toEqual({
      name: 'Amara Okafor',
      email: 'amara@example.com',
      source: 'lead_form',
      consent_email: true,
      consent_phone: false,
      consent_whatsapp: false,
      no_contact: false,
    });
  });

  it('refuses a request with no way to contact and no choice that nobody should', () => {
    const { consent_email: _ticked, ...none } = valid;
    expect(errorsFor(none)).toEqual({ consent_email: CONSENT_REQUIRED });
  });

  it('accepts the explicit choice that nobody contacts them, and stores no consent', () => {
    const { consent_email: _ticked, ...none } = valid;
    const lead = leadFormSchema.parse({ ...none, no_contact: 'on' });
    expect([lead.consent_email, lead.consent_phone, lead.consent_whatsapp, lead.no_contact]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('refuses a way to contact together with "do not contact me"', () => {
    expect(errorsFor({ ...valid, no_contact: 'on' })).toEqual({ no_contact: CONSENT_CONFLICT });
  });

  it('turns ticked boxes into consents, each on its own', () => {
    const lead = leadFormSchema.parse({ ...valid, phone: '+44 20 7946 0321' });
    expect([lead.consent_email, lead.consent_phone, lead.consent_whatsapp]).toEqual([true, false, false]);
  });

  it('keeps every optional field the visitor filled in', () => {
    const lead = leadFormSchema.parse({
      ...valid,
      phone: '+44 20 7946 0321',
      country: 'Nigeria',
      level_of_interest: 'master',
      field_of_interest: 'Public health',
      preferred_intake: '2027-09',
      message: 'Which courses accept a 2:2?',
    });
    expect(lead).toMatchObject({
      country: 'Nigeria',
      level_of_interest: 'master',
      preferred_intake: '2027-09',
    });
  });

  it.each([
    ['a missing name', { name: '' }, 'name', 'Enter your name.'],
    ['a one-character name', { name: '😀' }, 'name', 'Enter your name.'],
    ['a missing e-mail', { email: '   ' }, 'email', 'Enter your e-mail address.'],
    [
      'a malformed e-mail',
      { email: 'amara@' },
      'email',
      'Enter a valid e-mail address, like name@example.com.',
    ],
    ['letters in the phone number', { phone: 'call me' }, 'phone', expect.stringMatching(/phone number/)],
    [
      'an unknown level',
      { level_of_interest: 'kindergarten' },
      'level_of_interest',
      'Choose a level from the list.',
    ],
    ['an intake that is not a month', { preferred_intake: 'soon' }, 'preferred_intake', expect.any(String)],
    [
      'a message over 2,000 characters',
      { message: 'x'.repeat(2001) },
      'message',
      'Use at most 2,000 characters.',
    ],
    ['an unknown source', { source: 'whatsapp' }, 'source', 'Unknown form.'],
    [
      'phone consent without a number',
      { consent_phone: 'on' },
      'phone',
      expect.stringMatching(/phone number/),
    ],
    [
      'WhatsApp consent without a number',
      { consent_whatsapp: 'on' },
      'phone',
      expect.stringMatching(/WhatsApp/),
    ],
  ])('refuses %s', (_label, change, field, message) => {
    expect(errorsFor({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('drops page context that is not plausible instead of bothering the visitor', () => {
    const lead = leadFormSchema.parse({
      ...valid,
      page_path: 'https://elsewhere.test/',
      course_id: 'not-a-uuid',
      utm_source: 'x'.repeat(201),
      utm_medium: 'email',
    });
    expect(lead.page_path).toBeUndefined();
    expect(lead.course_id).toBeUndefined();
    expect(lead.utm_source).toBeUndefined();
    expect(lead.utm_medium).toBe('email');
  });

  it('removes characters Postgres cannot store', () => {
    expect(leadFormSchema.parse({ ...valid, message: 'a\u0000b\ud800c' }).message).toBe('abc');
  });

  it('thanks people without promising contact they did not agree to', () => {
    const none = { consent_email: false, consent_phone: false, consent_whatsapp: false };
    expect(leadThankYou(none)).toBe(
      'Thank you. We have your request. As you asked, nobody will contact you about it.',
    );
    expect(leadThankYou(none)).not.toMatch(/counsellor will contact/);
    expect(leadThankYou({ ...none, consent_email: true })).toBe(
      'Thank you. A counsellor will contact you by e-mail within one working day.',
    );
    expect(leadThankYou({ ...none, consent_phone: true, consent_whatsapp: true })).toBe(
      'Thank you. A counsellor will contact you by phone or on WhatsApp within one working day.',
    );
  });
});
