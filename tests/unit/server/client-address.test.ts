import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../../src/server/client-address.ts';

const request = (remoteAddress: string, forwardedFor?: string | string[]) => ({
  socket: { remoteAddress },
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
});

describe('the client address rate limits count against', () => {
  it('is the socket address when no proxy is trusted, whatever the client writes', () => {
    expect(clientAddressOf(request('203.0.113.7', '198.51.100.1'), false)).toBe('203.0.113.7');
    expect(clientAddressOf(request('203.0.113.7'), false)).toBe('203.0.113.7');
  });

  it('is the entry the trusted proxy appended, not one the client put before it', () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; the proxy appended the address it saw.
    expect(clientAddressOf(request('10.0.0.2', '1.1.1.1, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddressOf(request('10.0.0.2', ['1.1.1.1', '2001:db8::5']), true)).toBe('2001:db8::5');
  });

  it('falls back to the socket when the trusted proxy sent no usable address', () => {
    expect(clientAddressOf(request('10.0.0.2'), true)).toBe('10.0.0.2');
    expect(clientAddressOf(request('10.0.0.2', '1.1.1.1, not-an-address'), true)).toBe('10.0.0.2');
    expect(clientAddressOf(request('10.0.0.2', ''), true)).toBe('10.0.0.2');
  });
});
