import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  createRenderGate,
  DEFAULT_RENDER_LIMITS,
  renderLimitsFrom,
} from '../../../src/server/render-gate.ts';

/** A response that only knows how to close, as a finished or abandoned one does. */
const response = () => new EventEmitter() as unknown as ServerResponse;

describe('render limits', () => {
  it('come from the environment, and a value that is not a positive whole number keeps its default', () => {
    expect(renderLimitsFrom({})).toEqual(DEFAULT_RENDER_LIMITS);
    expect(
      renderLimitsFrom({ RENDER_CONCURRENCY: '4', RENDER_QUEUE: '0', RENDER_QUEUE_WAIT_MS: '250' }),
    ).toMatchObject({ concurrent: 4, queued: 0, waitMs: 250 });
    expect(
      renderLimitsFrom({ RENDER_CONCURRENCY: '0', RENDER_QUEUE: '-1', RENDER_QUEUE_WAIT_MS: 'soon' }),
    ).toEqual(DEFAULT_RENDER_LIMITS);
  });
});

describe('the render gate', () => {
  it('starts waiting requests in the order they came as renders finish', () => {
    const gate = createRenderGate({ concurrent: 1, queued: 2, waitMs: 60_000, retryAfterSeconds: 2 });
    const order: string[] = [];
    const refused: string[] = [];
    const [a, b, c, d] = [response(), response(), response(), response()];
    for (const [name, res] of [
      ['a', a],
      ['b', b],
      ['c', c],
      ['d', d],
    ] as const)
      gate.admit(
        res,
        () => order.push(name),
        () => refused.push(name),
      );
    expect(order).toEqual(['a']);
    expect(refused).toEqual(['d']);
    expect(gate.load).toEqual({ rendering: 1, waiting: 2 });
    a.emit('close');
    expect(order).toEqual(['a', 'b']);
    b.emit('close');
    c.emit('close');
    expect(order).toEqual(['a', 'b', 'c']);
    expect(gate.load).toEqual({ rendering: 0, waiting: 0 });
  });
});
