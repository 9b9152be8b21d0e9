import type { APIContext } from 'astro';
import { isSecureRequest } from '../../lib/security/context-middleware.ts';
import { putFlash, type FlashToast } from '../../lib/security/flash.ts';
import { submittedFields } from '../../lib/security/form-input.ts';
import { sanitizeNextPath } from '../../lib/security/next-path.ts';
import {
  appendPick,
  COMPARE_PICKS_COOKIE,
  decodePicks,
  pickSchema,
  PICK_TITLE_LIMIT,
  SAVE_PICKS_COOKIE,
  type PickInput,
} from './pick.ts';
import { setShortlisted } from './shortlist.server.ts';
import { applyComparePicks, COMPARE_FULL_MESSAGE, COMPARE_LIMIT } from '../catalogue/compare-store.ts';

const FALLBACK = '/courses';

function toast(input: PickInput, signedIn: boolean): FlashToast {
  switch (input.action) {
    case 'save':
      return {
        kind: 'success',
        title: 'Saved',
        message: signedIn
          ? `${input.title} is in your saved courses.`
          : `${input.title} is saved in this browser. Sign in to keep it in your account.`,
      };
    case 'unsave':
      return { kind: 'info', title: 'Removed', message: `${input.title} is no longer saved.` };
    case 'compare':
      return {
        kind: 'success',
        title: 'Added to compare',
        message: `${input.title} is in your compare list.`,
      };
    case 'uncompare':
      return {
        kind: 'info',
        title: 'Removed from compare',
        message: `${input.title} is no longer compared.`,
      };
  }
}

function remember(context: APIContext, input: PickInput): void {
  const name =
    input.action === 'save' || input.action === 'unsave' ? SAVE_PICKS_COOKIE : COMPARE_PICKS_COOKIE;
  const list = appendPick(decodePicks(context.cookies.get(name)?.value), {
    add: input.action === 'save' || input.action === 'compare',
    id: input.course_id,
    // The account or the tray names the course; the cookie keeps a short label only for the tray.
    title: name === COMPARE_PICKS_COOKIE ? [...input.title].slice(0, PICK_TITLE_LIMIT).join('') : '',
  });
  // Read by the browser's stores (not httpOnly): they hold no secret, only course ids.
  context.cookies.set(name, JSON.stringify(list), {
    path: '/',
    sameSite: 'lax',
    secure: isSecureRequest(context.url),
    maxAge: 60 * 60 * 24 * 30,
  });
}

/**
 * Whether the compare picks this browser made by plain form posts already fill the tray. Without
 * JavaScript those picks are the whole tray; with it the browser takes them into its own store on
 * the next page, and says so itself should its tray turn out to be full (see compare-store.ts).
 */
function trayIsFull(context: APIContext, courseId: string): boolean {
  const tray = applyComparePicks([], decodePicks(context.cookies.get(COMPARE_PICKS_COOKIE)?.value));
  return tray.length >= COMPARE_LIMIT && !tray.some((item) => item.id === courseId);
}

/** Handles a Save or Compare form post and sends the person back where they were. */
export async function handlePick(context: APIContext): Promise<Response> {
  const fields = await submittedFields(context.request);
  const back = sanitizeNextPath(fields['next'], FALLBACK);
  const secure = isSecureRequest(context.url);
  const parsed = pickSchema.safeParse(fields);
  if (!parsed.success) {
    putFlash(
      context.cookies,
      [{ kind: 'error', title: 'Not saved', message: 'That course could not be found.' }],
      secure,
    );
    return context.redirect(back, 303);
  }
  const input = parsed.data;
  const { user, supabase } = context.locals;
  if (user && supabase && (input.action === 'save' || input.action === 'unsave')) {
    try {
      await setShortlisted(supabase, user.id, input.course_id, input.action === 'save');
    } catch {
      putFlash(
        context.cookies,
        [
          {
            kind: 'error',
            title: 'Not saved',
            message: 'That course cannot be saved. Try again in a moment.',
          },
        ],
        secure,
      );
      return context.redirect(back, 303);
    }
  }
  if (input.action === 'compare' && trayIsFull(context, input.course_id)) {
    putFlash(
      context.cookies,
      [{ kind: 'error', title: 'Not added to compare', message: `${input.title}: ${COMPARE_FULL_MESSAGE}` }],
      secure,
    );
    return context.redirect(back, 303);
  }
  remember(context, input);
  putFlash(context.cookies, [toast(input, Boolean(user))], secure);
  return context.redirect(back, 303);
}
