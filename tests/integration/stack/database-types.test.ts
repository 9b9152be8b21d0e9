import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { apiConfig, readConfig } from '../../../supabase/local/config.ts';
import { generateTypes, typesFile } from '../../../supabase/local/types/generate.ts';

const projectDir = resolve(import.meta.dirname, '../../..');

it('keeps the committed database types in step with the migrations', async () => {
  const schemas = apiConfig(readConfig(join(projectDir, 'supabase/config.toml'))).schemas;
  const generated = await generateTypes(projectDir, schemas);
  const committed = readFileSync(join(projectDir, typesFile), 'utf8');
  expect(committed, `${typesFile} is stale: run npm run types and commit it`).toBe(generated);
}, 120_000);
