import * as z from 'zod/mini';

/** Where a visitor's form can come from; 'whatsapp' clicks carry no form. */
export const FORM_SOURCES = ['lead_form', 'popup', 'contact'] as const;
export type FormSource = (typeof FORM_SOURCES)[number];

export const STUDY_LEVELS = [
  { value: 'foundation', label: 'Foundation' },
  { value: 'diploma', label: 'Diploma' },
  { value: 'certificate', label: 'Certificate' },
  { value: 'bachelor', label: "Bachelor's degree" },
  { value: 'master', label: "Master's degree" },
  { value: 'doctorate', label: 'Doctorate (PhD)' },
] as const;

export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/** The ways a counsellor may contact someone, each a separate permission. */
export const CONSENT_FIELDS = ['consent_email', 'consent_phone', 'consent_whatsapp'] as const;
/** The explicit choice that nobody contacts them; never stored, it only stands in for a consent. */
export const NO_CONTACT_FIELD = 'no_contact';
export const CONSENT_REQUIRED =
  'Choose how a counsellor may contact you, or tick that you do not want to be contacted.';
export const CONSENT_CONFLICT =
  'You chose a way to contact you and also that nobody should: untick one of them.';

/** The field a person never sees; only bots fill it in. */
export const HONEYPOT_FIELD = 'website';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE = /^\+?[0-9 ()-]{6,24}$/;
const INTAKE = /^20\d{2}-(0[1-9]|1[0-2])$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Trimmed text without NULs or lone surrogates (Postgres stores neither); blank becomes undefined. */
const trimmed = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value?.replace(/\0|\p{Cs}/gu, '').trim() || undefined),
);

/** Whether a text holds `min` characters as Postgres counts them (code points), reading no further. */
function holdsCodePoints(value: string, min: number): boolean {
  if (value.length < min) return false;
  let count = 0;
  for (const _ of value) if (++count >= min) return true;
  return count >= min;
}

const atLeast = (min: number, message: string) =>
  z.refine<string>((value) => holdsCodePoints(value, min), message);

function optionalText(max: number, message: string) {
  return z.pipe(trimmed, z.optional(z.string().check(z.maxLength(max, message))));
}

function optionalPattern(pattern: RegExp, message: string) {
  return z.pipe(trimmed, z.optional(z.string().check(z.regex(pattern, message))));
}

/** Context the page fills in: a bad value is dropped, never shown to the visitor as an error. */
function contextValue(accept: (value: string) => boolean) {
  return z.pipe(
    trimmed,
    z.transform((value) => (value !== undefined && accept(value) ? value : undefined)),
  );
}

const consent = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value === 'on' || value === 'true'),
);

const shortText = (max: number) => contextValue((value) => value.length <= max);

export const leadFormSchema = z
  .object({
    name: z.pipe(
      trimmed,
      z
        .string('Enter your name.')
        .check(atLeast(2, 'Enter your name.'), z.maxLength(120, 'Use at most 120 characters.')),
    ),
    email: z.pipe(
      z.pipe(
        trimmed,
        z.transform((value) => value?.toLowerCase()),
      ),
      z
        .string('Enter your e-mail address.')
        .check(
          z.maxLength(254, 'That e-mail address is too long.'),
          z.regex(EMAIL, 'Enter a valid e-mail address, like name@example.com.'),
        ),
    ),
    phone: optionalPattern(PHONE, 'Enter a phone number with digits only, like +44 20 7946 0321.'),
    country: z.pipe(
      trimmed,
      z.optional(
        z.string().check(atLeast(2, 'Enter a country.'), z.maxLength(80, 'Use at most 80 characters.')),
      ),
    ),
    level_of_interest: optionalPattern(
      new RegExp(`^(${STUDY_LEVELS.map((level) => level.value).join('|')})$`),
      'Choose a level from the list.',
    ),
    field_of_interest: z.pipe(
      trimmed,
      z.optional(
        z.string().check(atLeast(2, 'Enter a subject.'), z.maxLength(80, 'Use at most 80 characters.')),
      ),
    ),
    preferred_intake: optionalPattern(INTAKE, 'Choose an intake from the list.'),
    message: optionalText(2000, 'Use at most 2,000 characters.'),
    consent_email: consent,
    consent_phone: consent,
    consent_whatsapp: consent,
    no_contact: consent,
    source: z.enum(FORM_SOURCES, 'Unknown form.'),
    page_path: contextValue((value) => value.startsWith('/') && value.length <= 300),
    course_id: contextValue((value) => UUID.test(value)),
    utm_source: shortText(200),
    utm_medium: shortText(200),
    utm_campaign: shortText(200),
    utm_term: shortText(200),
    utm_content: shortText(200),
    referrer: shortText(500),
  })
  .check(
    z.refine((lead) => lead.phone !== undefined || !(lead.consent_phone || lead.consent_whatsapp), {
      message: 'Enter a phone number so we can call you or message you on WhatsApp.',
      path: ['phone'],
    }),
    z.refine((lead) => lead.no_contact || lead.consent_email || lead.consent_phone || lead.consent_whatsapp, {
      message: CONSENT_REQUIRED,
      path: ['consent_email'],
    }),
    z.refine(
      (lead) => !(lead.no_contact && (lead.consent_email || lead.consent_phone || lead.consent_whatsapp)),
      {
        message: CONSENT_CONFLICT,
        path: [NO_CONTACT_FIELD],
      },
    ),
  );

/** What the person is told once the request is in: contact is promised only as they agreed to it. */
export function leadThankYou(lead: Pick<LeadFormInput, (typeof CONSENT_FIELDS)[number]>): string {
  const ways = [
    lead.consent_email ? 'by e-mail' : '',
    lead.consent_phone ? 'by phone' : '',
    lead.consent_whatsapp ? 'on WhatsApp' : '',
  ].filter(Boolean);
  if (ways.length === 0)
    return 'Thank you. We have your request. As you asked, nobody will contact you about it.';
  const listed = ways.length === 1 ? ways[0] : `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}`;
  return `Thank you. A counsellor will contact you ${listed} within one working day.`;
}

export type LeadFormInput = z.infer<typeof leadFormSchema>;
