import { describe, expect, it } from 'vitest';
import {
  BULK_LIMIT,
  commandFields,
  readBulkForm,
  readStamps,
} from '../../../src/features/admissions/bulk/bulk-form.ts';
import {
  isAcknowledged,
  isEditStep,
  parseBulkRequest,
} from '../../../src/features/admissions/bulk/bulk-request.ts';

const A = '5f8a2c1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b';
const B = '6a9b3d2f-4c5e-4f70-9bac-1d2e3f4a5b6c';
const REASON = '7bac4e30-5d6f-4081-acbd-2e3f4a5b6c7d';
const DECISION = '8cbd5f41-6e70-4192-bdce-3f4a5b6c7d8e';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const parse = (entries: [string, string][]) => parseBulkRequest(readBulkForm(form(entries)));

describe('the bulk form', () => {
  it('reads every ticked row once, and the button pressed', () => {
    const input = readBulkForm(
      form([
        ['ids', A],
        ['ids', B],
        ['ids', A],
        ['action', 'approve'],
      ]),
    );
    expect(input.ids).toEqual([A, B]);
    expect(
      parse([
        ['ids', A],
        ['ids', B],
        ['action', 'approve'],
      ]),
    ).toMatchObject({
      ok: true,
      request: { step: 'preview', ids: [A, B], command: { action: 'approve' } },
    });
  });

  it('says so when nothing is ticked or no change is chosen, keeping the message for the field', () => {
    expect(parse([['action', 'release']])).toMatchObject({
      ok: false,
      message: 'Select at least one application first.',
      errors: { ids: 'Select at least one application first.' },
    });
    expect(
      parse([
        ['ids', A],
        ['action', 'delete'],
      ]),
    ).toMatchObject({
      ok: false,
      errors: { action: 'Choose what to do with the selected applications.' },
    });
  });

  it(`refuses more than ${BULK_LIMIT} applications, saying how many were ticked`, () => {
    const ids = Array.from(
      { length: BULK_LIMIT + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const result = parse([...ids.map((id): [string, string] => ['ids', id]), ['action', 'release']]);
    expect(result).toMatchObject({
      ok: false,
      message: `Select at most ${BULK_LIMIT} applications at a time (you selected ${BULK_LIMIT + 1}). Narrow the list with the filters and work through it in parts.`,
    });
  });

  it('refuses ids that are not application ids', () => {
    expect(
      parse([
        ['ids', "1' or '1'='1"],
        ['action', 'approve'],
      ]),
    ).toMatchObject({
      ok: false,
      errors: { ids: 'One of the selected applications is not recognised. Refresh the page.' },
    });
  });

  it('needs a reviewer, or "nobody", to assign', () => {
    expect(
      parse([
        ['ids', A],
        ['action', 'assign'],
        ['assignee', ''],
      ]),
    ).toMatchObject({
      ok: false,
      errors: { assignee: 'Choose a reviewer, or “Nobody” to take the reviewer off.' },
    });
    expect(
      parse([
        ['ids', A],
        ['action', 'assign'],
        ['assignee', 'nobody'],
      ]),
    ).toMatchObject({
      ok: true,
      request: { command: { action: 'assign', assignee: 'nobody' } },
    });
  });

  it('needs conditions for a conditional offer and a reason for a negative outcome', () => {
    const decide = (fields: [string, string][]) => parse([['ids', A], ['action', 'decide'], ...fields]);
    expect(decide([])).toMatchObject({ ok: false, errors: { outcome: 'Choose the decision to make.' } });
    expect(
      decide([
        ['outcome', 'offer_conditional'],
        ['conditions', '   '],
      ]),
    ).toMatchObject({
      ok: false,
      errors: { conditions: 'Write the conditions of the offer.' },
    });
    for (const outcome of ['rejected', 'offer_withdrawn', 'conditions_not_met']) {
      expect(decide([['outcome', outcome]])).toMatchObject({
        ok: false,
        errors: { reason_id: 'Choose the reason the applicants will read.' },
      });
    }
    expect(decide([['outcome', 'waitlisted']])).toMatchObject({ ok: true });
  });

  it('takes the offer dates at decision time, none in the past, and empty for the intakes’ defaults', () => {
    const decide = (fields: [string, string][]) =>
      parse([['ids', A], ['action', 'decide'], ['outcome', 'offer_unconditional'], ...fields]);
    expect(decide([['offer_reply_by', '2020-01-01']])).toMatchObject({
      ok: false,
      errors: { offer_reply_by: 'Choose a date from today on.' },
    });
    expect(decide([['conditions_deadline', '1 March']])).toMatchObject({
      ok: false,
      errors: { conditions_deadline: 'Choose the conditions deadline as a date, or leave it empty.' },
    });
    expect(decide([['offer_reply_by', '2099-04-01']])).toMatchObject({
      ok: true,
      request: { command: { offer_reply_by: '2099-04-01', conditions_deadline: '' } },
    });
  });

  it('gives back the command as hidden fields that parse to the same command', () => {
    const first = parse([
      ['ids', A],
      ['action', 'decide'],
      ['outcome', 'offer_conditional'],
      ['conditions', 'IELTS 6.5\r\noverall'],
      ['conditions_deadline', '2099-08-31'],
      ['offer_reply_by', '2099-04-01'],
      ['reason_detail', ''],
      ['override_reason', 'Agreed with the dean.'],
      ['release', 'yes'],
    ]);
    if (!first.ok) throw new Error(first.message);
    expect(first.request.command).toMatchObject({ conditions: 'IELTS 6.5\noverall', release: 'yes' });
    const fields = commandFields(first.request.command);
    const again = parse([['ids', A], ...Object.entries(fields)]);
    expect(again.ok && again.request.command).toEqual(first.request.command);
  });

  it('reads, at confirm, the version and decision each previewed row was based on; unstamped rows are left alone', () => {
    const input = readBulkForm(
      form([
        ['ids', A],
        ['ids', B],
        ['v_' + A, '7'],
        ['d_' + A, DECISION],
        ['step', 'confirm'],
        ['action', 'release'],
      ]),
    );
    expect(readStamps(input)).toEqual(new Map([[A, { version: 7, decisionId: DECISION }]]));
    const parsed = parseBulkRequest(input);
    expect(parsed.ok && parsed.request.step).toBe('confirm');
    expect(
      readStamps(
        readBulkForm(
          form([
            ['ids', A],
            ['v_' + A, 'latest'],
          ]),
        ),
      ),
    ).toEqual(new Map());
  });

  it('asks for the acknowledgement before confirming a negative outcome, not before anything else', () => {
    const unsuccessful = {
      action: 'decide',
      outcome: 'rejected',
      conditions: '',
      conditions_deadline: '',
      offer_reply_by: '',
      reason_id: REASON,
      reason_detail: '',
      override_reason: '',
      release: '',
    } as const;
    expect(isAcknowledged(readBulkForm(form([])), unsuccessful)).toBe(false);
    expect(isAcknowledged(readBulkForm(form([['acknowledge', 'yes']])), unsuccessful)).toBe(true);
    expect(isAcknowledged(readBulkForm(form([])), { action: 'release' })).toBe(true);
  });

  it('goes back to the list when "Change the selection" is pressed', () => {
    expect(isEditStep(readBulkForm(form([['step', 'edit']])))).toBe(true);
    expect(isEditStep(readBulkForm(form([['step', 'confirm']])))).toBe(false);
  });
});
