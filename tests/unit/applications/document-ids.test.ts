import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import DocumentReupload from '../../../src/features/applications/DocumentReupload.tsx';
import type { ApplicationDocument } from '../../../src/features/applications/types.ts';

const rejected: ApplicationDocument = {
  id: 'd1',
  kind: 'passport',
  file_name: 'passport.pdf',
  size_bytes: 120_000,
  content_type: 'application/pdf',
  status: 'rejected',
  rejection_reason: 'The photo page is cut off.',
  storage_path: 'u1/a1/passport.pdf',
  created_at: '2026-12-01T10:00:00Z',
};

/** Two choices' cards on /applications showing the one rejected passport, as islands render them. */
function twoCards(): string {
  const target = {
    config: { url: 'http://127.0.0.1:1', anonKey: 'anon' },
    userId: 'u1',
    applicationId: 'a1',
    rule: {
      kind: 'passport',
      required: true,
      allowed_types: ['application/pdf'],
      max_size_bytes: 5_000_000,
      description: '',
    },
  };
  return ['a1', 'a2']
    .map((choiceId) =>
      renderToString(createElement(DocumentReupload, { target, current: rejected, choiceId })),
    )
    .join('');
}

describe('re-upload fields on a page of several choices', () => {
  it('have ids unique on the page, each label naming its own field', () => {
    const html = twoCards();
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
    const labelled = [...html.matchAll(/<label[^>]*\sfor="([^"]+)"/g)].map(([, id]) => id);
    expect(labelled).toHaveLength(2);
    for (const id of labelled) expect(html).toMatch(new RegExp(`<input[^>]*\\sid="${id}"`));
  });
});
