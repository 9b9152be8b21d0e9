import type { CourseRow, DocumentRequirementRow, IntakeRow, UniversityRow } from './catalogue-rows.ts';
import { megabytesOf } from './document-schema.ts';
import { amountField } from './fee-fields.ts';
import { FILE_TYPES } from './options.ts';

/**
 * Stored rows as the strings a form shows, in the same shape as a submitted form, so a form
 * renders either the database's values or what the admin just typed in the same way.
 */
export type FormValues = Record<string, string>;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const tick = (value: boolean) => (value ? 'on' : '');

export function universityValues(row: UniversityRow): FormValues {
  return {
    name: row.name,
    slug: row.slug,
    country_code: row.country_code,
    country_name: text(row.country_name),
    city: row.city,
    type: row.type,
    founded_year: text(row.founded_year),
    ranking_world: text(row.ranking_world),
    ranking_national: text(row.ranking_national),
    website: text(row.website),
    description: row.description,
    is_partner: tick(row.is_partner),
    letter_signatory: text(row.letter_signatory),
    letter_signatory_title: text(row.letter_signatory_title),
    currency: row.currency,
    published: tick(row.published),
    version: text(row.version),
  };
}

export function courseValues(row: CourseRow): FormValues {
  const values: FormValues = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'id' || key === 'university_id' || key === 'last_verified_at') continue;
    values[key] = typeof value === 'boolean' ? tick(value) : text(value as string | number | null);
  }
  values['tuition_amount'] = text(Number(row.tuition_amount));
  values['application_fee'] = text(Number(row.application_fee));
  values['deposit_amount'] = amountField(row.deposit_minor, row.deposit_currency);
  return values;
}

export function intakeValues(row: IntakeRow): FormValues {
  return {
    term: row.term,
    start_date: row.start_date,
    opens_at: text(row.opens_at),
    deadline: row.deadline,
    reply_by: text(row.reply_by),
    capacity: text(row.capacity),
    over_offer: text(row.over_offer),
    release_mode: row.release_mode,
    reads_required: text(row.reads_required),
    references_min: text(row.references_min),
    references_max: text(row.references_max),
    submit_before_references: tick(row.submit_before_references),
    application_fee_amount: amountField(row.application_fee_minor, row.application_fee_currency),
    application_fee_currency: text(row.application_fee_currency),
    version: text(row.version),
  };
}

export function documentValues(row: DocumentRequirementRow): FormValues {
  const values: FormValues = {
    kind: row.kind,
    required: tick(row.required),
    max_size_mb: megabytesOf(row.max_size_bytes),
    description: row.description,
    version: text(row.version),
  };
  for (const type of FILE_TYPES) values[type.field] = tick(row.allowed_types.includes(type.value));
  return values;
}
