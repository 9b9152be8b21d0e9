import type { IncomingMessage, ServerResponse } from 'node:http';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The largest body each family of request may carry, in bytes. Uploads are the storage bucket's
 * 10 MiB file limit plus the form around the file (a message of up to 5,000 characters); the
 * largest other form, a message template with its HTML, stays under 200 KB; the largest JSON body,
 * a draft's answers, under 64 KB.
 */
export const BODY_LIMITS = { upload: 10 * MiB + 256 * KiB, form: 512 * KiB, json: 128 * KiB } as const;

/** The routes that take a file: a document, or a message with its attachment. */
const UPLOAD_ROUTES = [
  /^\/api\/applications\/[^/]+\/documents\/?$/,
  /^\/applications\/[^/]+\/?$/,
  /^\/admin\/applications\/[^/]+\/?$/,
  // A bank statement (CSV, up to 1 MB), which the page refuses itself with a clearer word than a 413.
  /^\/admin\/payments\/?$/,
  // A referee's letter, posted to their private page.
  /^\/reference\/[^/]+\/?$/,
];

export type RefusalReason = 'too-large' | 'no-length' | 'address' | 'busy';

const size = (bytes: number) => (bytes >= MiB ? `${Math.floor(bytes / MiB)} MB` : `${bytes / KiB} KB`);

/**
 * What a person reads when a request is refused before it is read: the prebuilt page of each reason
 * (src/pages/refused/[reason].astro) says it in the site's own layout.
 */
export const REFUSAL_PAGES: Record<
  RefusalReason,
  { status: RefusalStatus; title: string; lead: string; next: string }
> = {
  'too-large': {
    status: 413,
    title: 'Too much to send',
    lead: `What you sent is larger than Unipath accepts: a file can be up to 10 MB, and a form without a file up to ${size(BODY_LIMITS.form)}. Nothing was saved.`,
    next: 'Go back, choose a smaller file (a scan at a lower resolution, or a PDF instead of photos) or shorten the text, and send it again.',
  },
  'no-length': {
    status: 411,
    title: 'Length required',
    lead: 'The request did not say how long its body is, so it was not read. Nothing was saved.',
    next: 'Send the form again from its page in your browser.',
  },
  address: {
    status: 400,
    title: 'This address cannot be read',
    lead: 'The address holds a control character (such as %00) that no page of Unipath uses.',
    next: 'Remove it from the address, or follow a link from the home page instead.',
  },
  busy: {
    status: 503,
    title: 'Busy for a moment',
    lead: 'Unipath has more visitors this instant than it can answer at once, so this page was not loaded. Nothing you sent was saved.',
    next: 'Try again in a few seconds: reload the page, or send the form again.',
  },
};

type RefusalStatus = 400 | 411 | 413 | 503;

export interface Refusal {
  reason: RefusalReason;
  status: RefusalStatus;
  /** Seconds after which the request may be sent again (Retry-After). */
  retryAfterSeconds?: number;
  /** What an endpoint's caller is told, in the app's JSON answer. */
  message: string;
}

const pathOf = (req: IncomingMessage) => (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';

/** How many bytes this request may send: by its route first, then by the type it declares. */
export function bodyLimitFor(req: IncomingMessage): number {
  if (UPLOAD_ROUTES.some((route) => route.test(pathOf(req)))) return BODY_LIMITS.upload;
  return /^application\/([\w.+-]+\+)?json/i.test(req.headers['content-type'] ?? '')
    ? BODY_LIMITS.json
    : BODY_LIMITS.form;
}

/**
 * Why this request's body is refused before a byte of it is read: it declares more than its
 * route takes (413), or it does not declare its length at all (411; every browser form and fetch
 * does), so nothing past the limit ever reaches the app. Node's parser holds a body to its
 * declared length.
 */
export function bodyRefusal(req: IncomingMessage): Refusal | undefined {
  const declared = req.headers['content-length'];
  if (declared === undefined) {
    if (req.headers['transfer-encoding'] === undefined) return undefined;
    return {
      reason: 'no-length',
      status: 411,
      message: 'The request must say how long its body is (Content-Length).',
    };
  }
  const limit = bodyLimitFor(req);
  if (Number(declared) <= limit) return undefined;
  return {
    reason: 'too-large',
    status: 413,
    message: `That is more than this page accepts (${size(limit)} at most). Nothing was saved: choose a smaller file or shorten the text, and send it again.`,
  };
}

/** The server is rendering as many pages as it can and its queue is full (src/server/render-gate.ts). */
export function busyRefusal(retryAfterSeconds: number): Refusal {
  return {
    reason: 'busy',
    status: 503,
    retryAfterSeconds,
    message:
      'Unipath is busy for a moment and did not answer this. Nothing was saved: try again in a few seconds.',
  };
}

/** A percent-encoded control character (NUL to US, or DEL) in the path or the query. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/**
 * Why an address is refused before anything reads it: it holds a control character, which no
 * link or form puts there and which the database cannot store (NUL) or compare. Raw ones never
 * get this far: Node's parser refuses them.
 */
export function addressRefusal(req: IncomingMessage): Refusal | undefined {
  if (!ENCODED_CONTROL.test(req.url ?? '')) return undefined;
  return { reason: 'address', status: 400, message: REFUSAL_PAGES.address.lead };
}

/** The first reason to refuse this request before reading it, if any. */
export function refusalOf(req: IncomingMessage): Refusal | undefined {
  return addressRefusal(req) ?? bodyRefusal(req);
}

const wantsJson = (req: IncomingMessage) =>
  req.headers['x-csrf-token'] !== undefined ||
  /json/i.test(req.headers['content-type'] ?? '') ||
  (/application\/json/i.test(req.headers.accept ?? '') && !/text\/html/i.test(req.headers.accept ?? ''));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A bare page for when the build has no prebuilt one (a server started over an older build). */
export function plainPage(title: string, ...paragraphs: string[]): string {
  const text = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Unipath</title></head><body><main><h1>${title}</h1>${text}<p><a href="/">Unipath home page</a></p></main></body></html>`;
}

/** The plain page of a refusal. */
function plainRefusalPage(reason: RefusalReason): string {
  const { title, lead, next } = REFUSAL_PAGES[reason];
  return plainPage(title, lead, next);
}

/**
 * Answers a refused request and closes the connection, so Node does not read the rest of it. Fetch
 * callers get the JSON the app's endpoints answer with; a browser gets the refusal's page (the
 * prebuilt one from `pages`, read once at start).
 */
export function answerRefusal(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: Refusal,
  pages: ReadonlyMap<RefusalReason, string> = new Map(),
): void {
  const json = wantsJson(req);
  const body = json
    ? JSON.stringify({ ok: false, status: refusal.status, message: refusal.message })
    : (pages.get(refusal.reason) ?? plainRefusalPage(refusal.reason));
  res.writeHead(refusal.status, {
    'Content-Type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...(refusal.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(refusal.retryAfterSeconds) }),
    Connection: 'close',
  });
  res.end(body);
}
