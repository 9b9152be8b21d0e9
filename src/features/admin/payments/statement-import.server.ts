import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { formFields } from '../../../lib/security/form-input.ts';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { formStateOf, refusedBy, type PaymentFormState } from './payment-post.server.ts';
import { parseStatementCsv, STATEMENT_LIMITS, type StatementRow } from './statement-csv.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export const IMPORT_INTENT = 'import-statement';

/** One statement row with what the import made of it. */
export interface ImportedRow extends StatementRow {
  outcome: string;
  invoiceReference: string | null;
  detail: string;
}

export interface ImportResult {
  fileName: string;
  rows: ImportedRow[];
  counts: { recorded: number; already: number; unmatched: number };
}

const refused = (message: string): FormOutcome =>
  failure(422, 'The statement was not imported.', { statement: message });

/** The statement's rows through import_statement, matched back to the file's rows by position. */
async function importRows(
  supabase: SupabaseClient<Database>,
  fileName: string,
  rows: StatementRow[],
): Promise<ImportResult | FormOutcome> {
  const { data, error } = await supabase.rpc('import_statement', {
    file_name: fileName,
    statement: rows.map((row) => row.sent),
  });
  if (error) return refusedBy(error);
  const answers = new Map(data.map((answer) => [answer.line, answer]));
  const imported = rows.map((row, index): ImportedRow => {
    const answer = answers.get(index + 1);
    return {
      ...row,
      outcome: answer?.outcome ?? 'unmatched',
      invoiceReference: answer?.invoice_reference ?? null,
      // The database can only say "could not be read"; the file's own problem is more use.
      detail: row.problem ?? answer?.detail ?? 'The row was not answered.',
    };
  });
  const count = (outcome: string) => imported.filter((row) => row.outcome === outcome).length;
  return {
    fileName,
    rows: imported,
    counts: { recorded: count('recorded'), already: count('already'), unmatched: count('unmatched') },
  };
}

async function importFrom(
  supabase: SupabaseClient<Database>,
  form: FormData,
): Promise<ImportResult | FormOutcome> {
  const file = form.get('statement');
  if (!(file instanceof File) || file.size === 0) {
    return refused('Choose the bank statement file (CSV) to import.');
  }
  if (file.size > STATEMENT_LIMITS.bytes)
    return refused('The file is larger than 1 MB: split it and import each part.');
  const parsed = parseStatementCsv(new Uint8Array(await file.arrayBuffer()));
  if (!parsed.ok) return refused(parsed.message);
  const fileName = file.name.trim().slice(0, 200) || 'statement.csv';
  return importRows(supabase, fileName, parsed.rows);
}

/**
 * The statement import form's multipart post (posted to ?form=import, as a file cannot travel
 * with the other forms' handler): the per-row result, or the refusal to render the form with.
 * The page answers it in place: importing again records nothing twice, so a reload is harmless.
 */
export async function handleImportPost(
  astro: AstroGlobal,
  supabase: SupabaseClient<Database>,
): Promise<ImportResult | PaymentFormState> {
  const form = await astro.request.formData().catch(() => new FormData());
  const fields = formFields(form);
  let outcome: ImportResult | FormOutcome;
  try {
    outcome =
      fields['intent'] === IMPORT_INTENT
        ? await importFrom(supabase, form)
        : failure(400, 'This form is not recognised. Refresh the page and try again.');
  } catch (error) {
    console.error('Importing a statement failed', error);
    outcome = failure(502, 'The statement could not be imported. Please try again in a moment.');
  }
  if ('rows' in outcome) return outcome;
  astro.response.status = outcome.status;
  const why = outcome.fieldErrors?.['statement'] ?? outcome.message ?? 'The statement was not imported.';
  astro.locals.flash.push({ title: 'Not imported', message: why, kind: 'error' });
  return formStateOf(IMPORT_INTENT, fields, outcome);
}
