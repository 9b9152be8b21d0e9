/**
 * Failure injection for tests: `beforeCommit` runs after an upload's file is in place and its row
 * written, just before the transaction commits, so a test can make that step fail.
 */
export const storageFaults: { beforeCommit: (() => Promise<void>) | null } = { beforeCommit: null };
