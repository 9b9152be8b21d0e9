import { describe, expect, it } from 'vitest';
import { firstMultipartField } from '../../../src/lib/security/first-form-field.ts';

const encoder = new TextEncoder();

/** A multipart request whose body is produced chunk by chunk, counting what was pulled. */
function multipart(chunks: Iterable<string | Uint8Array>, boundary = 'b0undary') {
  const pulled = { bytes: 0 };
  const iterator = chunks[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) return controller.close();
      const bytes = typeof next.value === 'string' ? encoder.encode(next.value) : next.value;
      pulled.bytes += bytes.byteLength;
      controller.enqueue(bytes);
    },
  });
  const request = new Request('http://app.test/api/x', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled };
}

function* endless(prefix: string): Generator<string | Uint8Array> {
  yield prefix;
  const megabyte = new Uint8Array(1024 * 1024).fill(0x41);
  for (;;) yield megabyte;
}

describe('firstMultipartField', () => {
  it('reads the first field of a form, split across chunks', async () => {
    const { request } = multipart([
      '--b0undary\r\nContent-Disposition: form-data; name="csrf_',
      'token"\r\n\r\nabc123',
      '\r\n--b0undary\r\nContent-Disposition: form-data; name="body"\r\n\r\nhello\r\n--b0undary--\r\n',
    ]);
    expect(await firstMultipartField(request)).toEqual({ name: 'csrf_token', value: 'abc123' });
  });

  it('leaves the original body whole for the route that reads it next', async () => {
    const { request } = multipart([
      '--b0undary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
      '--b0undary\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n--b0undary--\r\n',
    ]);
    await firstMultipartField(request);
    const form = await request.formData();
    expect([form.get('a'), form.get('b')]).toEqual(['1', '2']);
  });

  it('stops after 16 KB of a body that never ends its first part, without reading the rest', async () => {
    const { request, pulled } = multipart(
      endless('--b0undary\r\nContent-Disposition: form-data; name="x"\r\n\r\n'),
    );
    expect(await firstMultipartField(request)).toBeUndefined();
    expect(pulled.bytes).toBeLessThan(5 * 1024 * 1024);
  });

  it('does not take a file as the first field', async () => {
    const { request } = multipart([
      '--b0undary\r\nContent-Disposition: form-data; name="csrf_token"; filename="t.txt"\r\n\r\nabc\r\n--b0undary--\r\n',
    ]);
    expect(await firstMultipartField(request)).toBeUndefined();
  });

  it('finds nothing without a boundary', async () => {
    const request = new Request('http://app.test/', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'x',
    });
    expect(await firstMultipartField(request)).toBeUndefined();
  });
});
