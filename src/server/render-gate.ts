import type { ServerResponse } from 'node:http';

/**
 * How many on-demand pages the server renders at once, how many more wait their turn, and for how
 * long. Past that a request is answered 503 with Retry-After at once: under a burst a visitor hears
 * "try again in a moment" within milliseconds instead of everyone waiting seconds for everyone.
 * A render mostly waits on the database, so several at once keep the one JavaScript thread busy;
 * more than that only makes each page slower.
 */
export interface RenderGateLimits {
  /** Pages rendered at once (RENDER_CONCURRENCY). */
  concurrent: number;
  /** Requests waiting for a render slot (RENDER_QUEUE). */
  queued: number;
  /** The longest a request waits in the queue before it is refused (RENDER_QUEUE_WAIT_MS). */
  waitMs: number;
  /** What Retry-After says, in seconds. */
  retryAfterSeconds: number;
}

/**
 * Room for a burst of 50 requests at once, all answered (tests/integration/security/load.test.ts);
 * past 80 in flight, or 5 s in the queue, the visitor hears 503 instead of waiting longer.
 */
export const DEFAULT_RENDER_LIMITS: RenderGateLimits = {
  concurrent: 16,
  queued: 64,
  waitMs: 5_000,
  retryAfterSeconds: 2,
};

/** The limits from the environment, each falling back to its default when absent or not a positive integer. */
export function renderLimitsFrom(env: NodeJS.ProcessEnv): RenderGateLimits {
  const read = (name: string, fallback: number, min: number) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value >= min ? value : fallback;
  };
  return {
    concurrent: read('RENDER_CONCURRENCY', DEFAULT_RENDER_LIMITS.concurrent, 1),
    queued: read('RENDER_QUEUE', DEFAULT_RENDER_LIMITS.queued, 0),
    waitMs: read('RENDER_QUEUE_WAIT_MS', DEFAULT_RENDER_LIMITS.waitMs, 1),
    retryAfterSeconds: DEFAULT_RENDER_LIMITS.retryAfterSeconds,
  };
}

interface Waiting {
  start: () => void;
  timer: NodeJS.Timeout;
  leave: () => void;
}

export interface RenderGate {
  /**
   * Runs `render` now, or when a slot frees up, or refuses the request with `refuse` (the queue is
   * full or the wait ran out). A request whose client goes away while it waits is dropped.
   */
  admit(res: ServerResponse, render: () => void, refuse: () => void): void;
  /** Renders running and requests waiting (the unit tests read it). */
  readonly load: { rendering: number; waiting: number };
}

export function createRenderGate(limits: RenderGateLimits = DEFAULT_RENDER_LIMITS): RenderGate {
  let rendering = 0;
  const queue: Waiting[] = [];

  const release = () => {
    rendering--;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.leave();
      next.start();
    }
  };

  // A slot is held from the start of the render until the response is finished or its connection
  // closes, whichever comes first ('close' fires on both, once).
  const start = (res: ServerResponse, render: () => void) => {
    rendering++;
    res.once('close', release);
    render();
  };

  return {
    get load() {
      return { rendering, waiting: queue.length };
    },
    admit(res, render, refuse) {
      if (rendering < limits.concurrent && queue.length === 0) return start(res, render);
      if (queue.length >= limits.queued) return refuse();
      const entry: Waiting = {
        start: () => start(res, render),
        timer: setTimeout(() => {
          drop();
          refuse();
        }, limits.waitMs),
        leave: () => res.off('close', gone),
      };
      const drop = () => {
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
        clearTimeout(entry.timer);
        entry.leave();
      };
      // The visitor closed the tab or the client gave up: nobody is left to send the page to.
      const gone = () => drop();
      res.once('close', gone);
      queue.push(entry);
    },
  };
}
