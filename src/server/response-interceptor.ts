import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Callback = (error?: Error | null) => void;
type WriteArgs = [chunk?: unknown, encoding?: BufferEncoding | Callback, callback?: Callback];

/** Where the body of an intercepted response goes once its status and headers are known. */
export interface BodySink {
  write(chunk: Buffer): boolean;
  end(): void;
}

export type HeadDecision =
  | { action: 'pass' }
  | { action: 'redirect'; sink: (raw: RawResponse) => BodySink }
  | { action: 'replace'; afterEnd: () => void };

/** The response's own methods, for code that must write past the interception. */
export interface RawResponse {
  writeHead(status: number): void;
  write(chunk: Buffer): boolean;
  end(): void;
}

function applyHeaderArgument(res: ServerResponse, headers: unknown): void {
  if (Array.isArray(headers)) {
    const flat: unknown[] = headers.flat();
    for (let i = 0; i + 1 < flat.length; i += 2) res.setHeader(String(flat[i]), String(flat[i + 1]));
  } else if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) {
      if (value !== undefined) res.setHeader(name, value);
    }
  }
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null) return undefined;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const charset = typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8';
  return Buffer.from(String(chunk), charset);
}

function callbackOf(args: WriteArgs): Callback | undefined {
  const [, encoding, callback] = args;
  return typeof encoding === 'function' ? encoding : callback;
}

/**
 * Lets the server decide, at the moment a handler sends its status and headers, whether the body
 * passes through untouched, is redirected (e.g. into a compressor), or is discarded and replaced.
 * Returns a function that restores the response's own methods.
 */
export function interceptResponse(res: ServerResponse, decide: (res: ServerResponse) => HeadDecision) {
  const raw = {
    writeHead: res.writeHead.bind(res),
    write: res.write.bind(res) as (...args: WriteArgs) => boolean,
    end: res.end.bind(res) as (...args: WriteArgs) => ServerResponse,
  };
  let decision: HeadDecision | undefined;
  let sink: BodySink | undefined;
  const rawResponse: RawResponse = {
    writeHead: (status) => void raw.writeHead(status),
    write: (chunk) => raw.write(chunk),
    end: () => void raw.end(),
  };

  function restore() {
    Object.assign(res, raw);
  }

  function onHead(status: number, reason?: unknown, headers?: unknown) {
    if (decision) return res;
    res.statusCode = status;
    if (typeof reason === 'string') res.statusMessage = reason;
    applyHeaderArgument(res, typeof reason === 'string' ? headers : reason);
    decision = decide(res);
    if (decision.action === 'replace') return res;
    raw.writeHead(res.statusCode);
    if (decision.action === 'redirect') sink = decision.sink(rawResponse);
    return res;
  }

  function ensureHead() {
    if (!decision) onHead(res.statusCode);
  }

  const intercepted = {
    writeHead: onHead,
    write(...args: WriteArgs): boolean {
      ensureHead();
      const buffer = toBuffer(args[0], args[1]);
      const callback = callbackOf(args);
      if (decision?.action === 'pass') return raw.write(...args);
      const accepted = buffer && sink ? sink.write(buffer) : true;
      if (callback) process.nextTick(callback);
      return accepted;
    },
    end(...args: WriteArgs): ServerResponse {
      ensureHead();
      if (decision?.action === 'pass') return raw.end(...args);
      const buffer = toBuffer(typeof args[0] === 'function' ? undefined : args[0], args[1]);
      const callback = typeof args[0] === 'function' ? (args[0] as Callback) : callbackOf(args);
      if (callback) res.once('finish', () => callback());
      if (sink) {
        if (buffer) sink.write(buffer);
        sink.end();
      } else if (decision?.action === 'replace') {
        restore();
        decision.afterEnd();
      }
      return res;
    },
  };
  Object.assign(res, intercepted);
  return restore;
}
