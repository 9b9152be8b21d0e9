// Creates a PGlite data folder and exits: `node pglite-initdb.ts <folder>`. pglite-driver.ts runs
// it in a child process, so the memory initdb leaves behind goes with that process.
import { PGlite } from '@electric-sql/pglite';
import { pgliteSettings } from './pglite-settings.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node pglite-initdb.ts <data folder>');
await (await PGlite.create({ dataDir, postgresqlconf: pgliteSettings(0) })).close();
