import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
}

/**
 * Sends the path exactly as written (no URL normalisation, no automatic decompression), the way
 * an attacker's hand-written request would arrive.
 */
export function rawRequest(baseUrl: string, path: string, options: RawRequest = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path, method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
