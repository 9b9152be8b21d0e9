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

function rawMethods(res: ServerResponse) {
  return {
    writeHead: res.writeHead.bind(res),
    write: res.write.bind(res) as (...args: WriteArgs) => boolean,
    end: res.end.bind(res) as (...args: WriteArgs) => ServerResponse,
  };
}

/** One response whose body goes where the decision taken at header time says. */
class Interception {
  readonly res: ServerResponse;
  readonly decide: (res: ServerResponse) => HeadDecision;
  readonly raw: ReturnType<typeof rawMethods>;
  decision: HeadDecision | undefined;
  sink: BodySink | undefined;

  constructor(res: ServerResponse, decide: (res: ServerResponse) => HeadDecision) {
    this.res = res;
    this.decide = decide;
    this.raw = rawMethods(res);
  }

  restore(): void {
    Object.assign(this.res, this.raw);
  }

  head(status: number, reason?: unknown, headers?: unknown): ServerResponse {
    const { res, raw } = this;
    if (this.decision) return res;
    res.statusCode = status;
    if (typeof reason === 'string') res.statusMessage = reason;
    applyHeaderArgument(res, typeof reason === 'string' ? headers : reason);
    const decision = (this.decision = this.decide(res));
    if (decision.action === 'replace') return res;
    raw.writeHead(res.statusCode);
    if (decision.action === 'redirect') {
      this.sink = decision.sink({
        writeHead: (code) => void raw.writeHead(code),
        write: (chunk) => raw.write(chunk),
        end: () => void raw.end(),
      });
    }
    return res;
  }

  write(args: WriteArgs): boolean {
    if (!this.decision) this.head(this.res.statusCode);
    if (this.decision?.action === 'pass') return this.raw.write(...args);
    const buffer = toBuffer(args[0], args[1]);
    const accepted = buffer && this.sink ? this.sink.write(buffer) : true;
    const callback = callbackOf(args);
    if (callback) process.nextTick(callback);
    return accepted;
  }

  end(args: WriteArgs): ServerResponse {
    if (!this.decision) this.head(this.res.statusCode);
    if (this.decision?.action === 'pass') return this.raw.end(...args);
    const onlyCallback = typeof args[0] === 'function';
    const buffer = onlyCallback ? undefined : toBuffer(args[0], args[1]);
    const callback = onlyCallback ? (args[0] as Callback) : callbackOf(args);
    if (callback) this.res.once('finish', () => callback());
    if (this.sink) {
      if (buffer) this.sink.write(buffer);
      this.sink.end();
    } else if (this.decision?.action === 'replace') {
      this.restore();
      this.decision.afterEnd();
    }
    return this.res;
  }
}

/**
 * Lets the server decide, at the moment a handler sends its status and headers, whether the body
 * passes through untouched, is redirected (e.g. into a compressor), or is discarded and replaced.
 * Returns a function that restores the response's own methods.
 */
export function interceptResponse(
  res: ServerResponse,
  decide: (res: ServerResponse) => HeadDecision,
): () => void {
  const interception = new Interception(res, decide);
  Object.assign(res, {
    writeHead: (status: number, reason?: unknown, headers?: unknown) =>
      interception.head(status, reason, headers),
    write: (...args: WriteArgs) => interception.write(args),
    end: (...args: WriteArgs) => interception.end(args),
  });
  return () => interception.restore();
}
