const HEAD_LIMIT = 16 * 1024;

function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(needle, from);
}

/** Name and value of the first part in the bytes read so far; null when it has not ended yet. */
function parseFirstPart(bytes: Uint8Array, boundary: string): { name: string; value: string } | null {
  const start = indexOf(bytes, Buffer.from(`--${boundary}\r\n`));
  if (start < 0) return null;
  const headersEnd = indexOf(bytes, Buffer.from('\r\n\r\n'), start);
  if (headersEnd < 0) return null;
  const valueEnd = indexOf(bytes, Buffer.from(`\r\n--${boundary}`), headersEnd + 4);
  if (valueEnd < 0) return null;
  const headers = Buffer.from(bytes.subarray(start, headersEnd)).toString('utf8');
  const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
  if (/filename\*?=/i.test(disposition)) return { name: '', value: '' };
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '';
  return { name, value: Buffer.from(bytes.subarray(headersEnd + 4, valueEnd)).toString('utf8') };
}

/**
 * The first field of a multipart form, read from a copy of the body and no further than its first
 * 16 KB: every form the app renders puts its CSRF field first, so checking the token never buffers
 * an upload. Undefined when the first part is a file, is not there, or does not end in time.
 */
export async function firstMultipartField(
  request: Request,
): Promise<{ name: string; value: string } | undefined> {
  const boundary = boundaryOf(request.headers.get('content-type') ?? '');
  const body = request.clone().body;
  if (!boundary || !body) return undefined;
  const reader = body.getReader();
  let bytes = new Uint8Array(0);
  try {
    while (bytes.byteLength < HEAD_LIMIT) {
      const { done, value } = await reader.read();
      if (value) bytes = Buffer.concat([bytes, value]);
      const part = parseFirstPart(bytes.subarray(0, HEAD_LIMIT), boundary);
      if (part) return part.name ? part : undefined;
      if (done) return undefined;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
