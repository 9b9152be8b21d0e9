import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../../src/lib/csv.ts';
import { leadsCsv } from '../../../src/features/admin/leads/lead-csv.ts';
import type { Lead } from '../../../src/features/admin/leads/leads.server.ts';

/** A small RFC 4180 reader, to check the export round-trips to the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const next = text[i + 1];
    i += 1;
    if (quoted && char === '"' && next === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\r' && next === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  return rows;
}

describe('csvCell', () => {
  it('quotes cells holding a quote, comma or line break, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Ruiz, Tomás')).toBe('"Ruiz, Tomás"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('writes empty cells for missing values and yes/no for consents', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('yes');
    expect(csvCell(false)).toBe('no');
    expect(csvCell(3)).toBe('3');
  });
});

describe('toCsv', () => {
  it('ends every line with CRLF and reads back to the same cells', () => {
    const rows = [
      ['a,b', 'line\r\nbreak', '"q"'],
      ['', 'x', '=cmd|/C calc'],
    ];
    const text = toCsv(['One', 'Two', 'Three'], rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([['One', 'Two', 'Three'], rows[0], ['', 'x', "'=cmd|/C calc"]]);
  });
});

const LEAD: Lead = {
  id: '0d3c2b1a-0000-4000-8000-000000000001',
  name: 'Tomás Ruiz',
  email: 'tomas@example.test',
  phone: '+34 600 123 456',
  country: 'Spain',
  level_of_interest: 'master',
  field_of_interest: 'Law',
  preferred_intake: '2027-09',
  message: 'Hello, "team"\nCan I start in January?',
  source: 'contact',
  page_path: '/contact',
  course_id: null,
  course: { title: 'LLM International Law', university_name: 'Ashcombe University', slug: 'llm' },
  utm_source: 'flyer',
  utm_medium: null,
  utm_campaign: '=1+1',
  utm_term: null,
  utm_content: null,
  referrer: null,
  consent_email: true,
  consent_phone: false,
  consent_whatsapp: true,
  status: 'contacted',
  assignee: 'a1b2c3d4-0000-4000-8000-000000000002',
  notes: null,
  submit_count: 2,
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T11:00:00Z',
  version: 3,
};

describe('leadsCsv', () => {
  it('exports every field of a lead under a header, with the assignee by e-mail', () => {
    const rows = parseCsv(leadsCsv([LEAD], new Map([[LEAD.assignee!, 'counsellor@unipath.test']])));
    const [header, row] = rows;
    const cell = (title: string) => row![header!.indexOf(title)];
    expect(rows).toHaveLength(2);
    expect(cell('Name')).toBe('Tomás Ruiz');
    expect(cell('Phone')).toBe("'+34 600 123 456");
    expect(cell('Message')).toBe('Hello, "team"\nCan I start in January?');
    expect(cell('Course')).toBe('LLM International Law, Ashcombe University');
    expect(cell('E-mail consent')).toBe('yes');
    expect(cell('Phone consent')).toBe('no');
    expect(cell('UTM campaign')).toBe("'=1+1");
    expect(cell('Submissions')).toBe('2');
    expect(cell('Assignee')).toBe('counsellor@unipath.test');
    expect(cell('Lead id')).toBe(LEAD.id);
  });

  it('is a header alone when no lead matches', () => {
    expect(parseCsv(leadsCsv([], new Map()))).toHaveLength(1);
  });
});
