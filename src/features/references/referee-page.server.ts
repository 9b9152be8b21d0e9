import type { AstroGlobal } from 'astro';
import { getSecret } from 'astro:env/server';
import { formFields } from '../../lib/security/form-input.ts';
import { failure, type FieldErrors, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { echoValues, redirectAfter } from '../../lib/security/form-response.server.ts';
import { parse } from '../../lib/security/parse-post.ts';
import {
  configuredLimit,
  createSharedRateLimiter,
  type SharedRateLimiter,
} from '../../lib/security/shared-rate-limit.server.ts';
import { anonymousClient } from '../../lib/supabase/anonymous.server.ts';
import { createServiceRoleClient } from '../../lib/supabase/service.server.ts';
import { attachLetterFile } from './referee-letter-file.server.ts';
import { outcomeOfReferenceError, saved } from './reference-outcome.ts';
import { refereeDeclineSchema, refereeFormSchema, refereeTokenSchema } from './reference-schemas.ts';

/** What the database tells the referee about their request (referee_view). */
export interface RefereeRequest {
  request_id: string;
  referee_name: string;
  applicant_name: string;
  course: string;
  university: string;
  due_on: string;
  status: string;
  relationship: string;
  note: string | null;
  reuse_of: { course: string; university: string } | null;
  letter: {
    kind: 'file' | 'form';
    file_name: string | null;
    form: Record<string, string | null> | null;
    submitted_at: string;
    updated_at: string;
  } | null;
}

export type RefereePage =
  | { kind: 'invalid' }
  | { kind: 'limited' }
  | { kind: 'unavailable' }
  | {
      kind: 'ready';
      token: string;
      request: RefereeRequest;
      failed: { intent: string; message: string; errors: FieldErrors; values: Record<string, string> } | null;
    };

const STATUS = { invalid: 404, limited: 429, unavailable: 503, ready: 200 } as const;

let limiter: SharedRateLimiter | undefined;

/** Referee page requests one address may make per ten minutes (REFEREE_RATE_LIMIT overrides 60). */
function refereeLimiter(): SharedRateLimiter {
  limiter ??= createSharedRateLimiter({
    bucket: 'referee',
    limit: configuredLimit(getSecret('REFEREE_RATE_LIMIT'), 60),
    windowMs: 10 * 60_000,
  });
  return limiter;
}

async function viewOf(token: string): Promise<RefereeRequest | null | 'unavailable'> {
  const { data, error } = await anonymousClient().rpc('referee_view', { token });
  if (error) {
    console.error('Reading a reference request failed', error.message);
    return 'unavailable';
  }
  return (data as RefereeRequest | null) ?? null;
}

type Action = (
  token: string,
  fields: Record<string, string>,
  form: FormData,
  requestId: string,
) => Promise<FormOutcome>;

const respond =
  (accept: boolean): Action =>
  async (token, fields) => {
    const input = parse(refereeDeclineSchema, fields);
    if (!input.ok) return input.outcome;
    const { data, error } = await anonymousClient().rpc('referee_respond', {
      token,
      accept,
      reason: input.value.reason,
    });
    if (error) return outcomeOfReferenceError(error);
    if (data === null) return failure(410, 'This link no longer works.');
    return accept
      ? saved('Thank you', 'You agreed to write. Upload a letter or fill in the form below.')
      : saved('Answer sent', 'We told the applicant, so that they can ask someone else.');
  };

const ACTIONS: Record<string, Action> = {
  accept: respond(true),
  decline: respond(false),
  'letter-form': async (token, fields) => {
    const input = parse(refereeFormSchema, fields);
    if (!input.ok) return input.outcome;
    const { error } = await anonymousClient().rpc('referee_submit_form', { token, ...input.value });
    return error
      ? outcomeOfReferenceError(error)
      : saved('Reference received', 'Thank you: your reference is with the admissions team.');
  },
  'letter-file': async (token, _fields, form, requestId) => {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0)
      return failure(422, 'Choose the PDF of your letter.', { file: 'Choose the PDF of your letter.' });
    return attachLetterFile(anonymousClient(), createServiceRoleClient(), token, requestId, file);
  },
  'confirm-reuse': async (token) => {
    const { error } = await anonymousClient().rpc('referee_confirm_reuse', { token });
    return error
      ? outcomeOfReferenceError(error)
      : saved('Reference received', 'Thank you: your letter counts for this application too.');
  },
};

/**
 * /reference/{token}: the referee's page, with no account and no session. It answers only for a
 * token the database knows (else one "does not work" page for every bad, expired or withdrawn link),
 * is never indexed or cached, and sends no referrer to other sites (the token is in its address).
 */
export async function loadRefereePage(astro: AstroGlobal): Promise<RefereePage | Response> {
  astro.response.headers.set('cache-control', 'no-store');
  // same-origin, not no-referrer: a form post must carry its Origin for the CSRF check.
  astro.response.headers.set('referrer-policy', 'same-origin');
  astro.response.headers.set('x-robots-tag', 'noindex, nofollow');
  const page = await refereePage(astro);
  if (page instanceof Response) return page;
  astro.response.status = page.kind === 'ready' && page.failed ? 422 : STATUS[page.kind];
  return page;
}

async function refereePage(astro: AstroGlobal): Promise<RefereePage | Response> {
  if (!(await refereeLimiter().take(astro.locals.clientIp))) return { kind: 'limited' };
  const parsed = refereeTokenSchema.safeParse(astro.params['token']);
  if (!parsed.success) return { kind: 'invalid' };
  const token = parsed.data;
  const request = await viewOf(token);
  if (request === 'unavailable') return { kind: 'unavailable' };
  if (!request) return { kind: 'invalid' };
  if (astro.request.method !== 'POST') return { kind: 'ready', token, request, failed: null };
  const form = await astro.request.formData().catch(() => new FormData());
  const fields = formFields(form);
  const intent = fields['intent'] ?? '';
  const action = Object.hasOwn(ACTIONS, intent) ? ACTIONS[intent] : undefined;
  const outcome = action
    ? await action(token, fields, form, request.request_id).catch((error: unknown) => {
        console.error('A referee form failed', error);
        return failure(502, 'That could not be saved. Please try again in a moment.');
      })
    : failure(400, 'This form is not recognised. Reload the page and try again.');
  if (outcome.ok) return redirectAfter(astro, outcome, astro.url.pathname);
  if (outcome.status === 410) return { kind: 'invalid' };
  const again = await viewOf(token);
  if (again === 'unavailable' || !again) return { kind: again === 'unavailable' ? 'unavailable' : 'invalid' };
  return {
    kind: 'ready',
    token,
    request: again,
    failed: {
      intent,
      message: outcome.message ?? 'That could not be saved.',
      errors: outcome.fieldErrors ?? {},
      values: echoValues(fields),
    },
  };
}
