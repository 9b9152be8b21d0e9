import type { Criterion } from './criteria.ts';

/** What a reader posted: a score per criterion (`score.<key>`), comments (`comment.<key>`), the rest. */
export interface ReadInput {
  scores: Record<string, number>;
  comments: Record<string, string>;
  recommendation: string | null;
  overallComment: string;
  version: number;
  send: boolean;
}

export type ReadParse = { ok: true; input: ReadInput } | { ok: false; message: string };

const COMMENT_MAX = 2000;
const OVERALL_MAX = 4000;

/**
 * The read form's fields against the criteria it was drawn from. The database checks the same
 * rules again (read_problem()); this keeps a browser without JavaScript on a page with its input.
 */
export function parseReadForm(
  fields: Record<string, string>,
  criteria: readonly Criterion[],
  noun = 'read',
): ReadParse {
  const version = Number(fields['version']);
  if (!Number.isInteger(version) || version < 1)
    return { ok: false, message: 'This form is out of date. Reload the page and score again.' };
  const send = fields['intent'] === 'send-read';
  const scores: Record<string, number> = {};
  const comments: Record<string, string> = {};
  for (const criterion of criteria) {
    const raw = (fields[`score.${criterion.key}`] ?? '').trim();
    if (raw !== '') {
      const value = Number(raw);
      if (!Number.isInteger(value) || value < criterion.min || value > criterion.max)
        return {
          ok: false,
          message: `“${criterion.label}” is scored from ${criterion.min} to ${criterion.max}.`,
        };
      scores[criterion.key] = value;
    } else if (send) {
      return { ok: false, message: `Score “${criterion.label}” before you send this ${noun}.` };
    }
    const comment = (fields[`comment.${criterion.key}`] ?? '').trim();
    if (comment && criterion.comment) {
      if (comment.length > COMMENT_MAX)
        return { ok: false, message: `A comment on “${criterion.label}” is 2,000 characters at most.` };
      comments[criterion.key] = comment;
    }
  }
  const recommendation = (fields['recommendation'] ?? '').trim() || null;
  if (send && !recommendation)
    return { ok: false, message: `Give your overall recommendation before you send this ${noun}.` };
  const overallComment = (fields['overall_comment'] ?? '').trim();
  if (overallComment.length > OVERALL_MAX)
    return { ok: false, message: 'Your overall comment is 4,000 characters at most.' };
  if (send && fields['confirm_send'] !== 'yes')
    return {
      ok: false,
      message: `Tick “I have finished this ${noun}” to send it: once sent it can no longer be changed.`,
    };
  return { ok: true, input: { scores, comments, recommendation, overallComment, version, send } };
}
