// PGlite runs Postgres inside one WebAssembly heap that never shrinks, so the stock 128 MB of
// shared buffers would be resident memory for good. A local stack holds megabytes of data: small
// buffers keep the process small, and pages that miss them come from the operating system's cache.
export const PGLITE_SETTINGS = ['shared_buffers = 16MB'];
