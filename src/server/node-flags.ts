/**
 * Node flags the app server runs with (`npm start`, `npm run serve`; package.json spells them out).
 * - `--max-semi-space-size=8`: V8's young generation grows to two 16 MiB semi-spaces under load and
 *   keeps them: that was nearly half the server’s JavaScript heap at rest. 8 MiB ones saved 11-24 MiB
 *   at rest with no throughput change the bench could tell from noise.
 * - `--heap-growing-percent=50`: after each full collection V8 lets the old generation grow to up to
 *   four times what survived before collecting again, and a busy server allocates fast enough to get
 *   that. Half as much again keeps the heap within 1.5 times its live size: under the memory bench's
 *   load the server peaked at 241-258 MiB instead of 261-346, at the same requests per second.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];
