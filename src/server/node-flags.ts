/**
 * Node flags the app server runs with (`npm start`, `npm run serve`; package.json spells them out).
 * V8's young generation grows to two 16 MiB semi-spaces under load and keeps them: that was nearly half the
 * server’s JavaScript heap at rest. 8 MiB ones saved 11-24 MiB at rest with no throughput change the
 * bench could tell from noise.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
