import type { ToastKind } from '../../stores/toasts.ts';

export interface ToastText {
  kind: ToastKind;
  title: string;
  message: string;
}

const signature = (toast: ToastText) => JSON.stringify([toast.kind, toast.title, toast.message]);

/**
 * The flash toasts the server already drew into the page. A script that shows the same flash again
 * (the session bridge replays it for its audit log) claims one of them instead of stacking a copy;
 * each drawn toast absorbs at most one replay.
 */
export class FlashReplays {
  readonly #pending: string[];

  constructor(drawn: readonly ToastText[]) {
    this.#pending = drawn.map(signature);
  }

  /** True when `toast` repeats a drawn flash that no earlier toast repeated. */
  claim(toast: ToastText): boolean {
    const index = this.#pending.indexOf(signature(toast));
    if (index === -1) return false;
    this.#pending.splice(index, 1);
    return true;
  }
}
