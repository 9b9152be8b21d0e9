import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'smol-toml';

/** supabase/config.toml as parsed; each service reads and checks its own section. */
export type RawConfig = Record<string, unknown>;

export interface ApiConfig {
  port: number;
  /** Schemas the REST API exposes. */
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
}

/**
 * Reads supabase/config.toml; a missing file means every default applies. An e-mail template's
 * `content_path` ([auth.email.template.*]) is read here, relative to the project (the folder that
 * holds supabase/), as the Supabase CLI reads it; its text is kept as `content`.
 */
export function readConfig(file: string): RawConfig {
  if (!existsSync(file)) return {};
  const config = parse(readFileSync(file, 'utf8')) as RawConfig;
  const project = dirname(dirname(resolve(file)));
  for (const template of Object.values(section(config, 'auth', 'email', 'template'))) {
    if (!template || typeof template !== 'object') continue;
    const entry = template as RawConfig;
    const path = entry['content_path'];
    if (typeof path === 'string' && path) entry['content'] = readFileSync(resolve(project, path), 'utf8');
  }
  return config;
}

/** A nested section (`section(config, 'auth', 'email')`), or an empty object. */
export function section(config: RawConfig, ...path: string[]): RawConfig {
  let node: unknown = config;
  for (const key of path) node = node && typeof node === 'object' ? (node as RawConfig)[key] : undefined;
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as RawConfig) : {};
}

export const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
export const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
export const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
/**
 * A string setting that may name an environment variable instead, as the Supabase CLI allows
 * (`pass = "env(SMTP_PASS)"`); an unset variable reads as the fallback.
 */
export const envStr = (value: unknown, fallback: string) => {
  const named = typeof value === 'string' ? /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim()) : null;
  return named ? (process.env[named[1] ?? ''] ?? fallback) : str(value, fallback);
};
export const strs = (value: unknown, fallback: string[]) =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : fallback;

export function apiConfig(config: RawConfig): ApiConfig {
  const api = section(config, 'api');
  return {
    port: num(api['port'], 54321),
    schemas: strs(api['schemas'], ['public', 'graphql_public']),
    extraSearchPath: strs(api['extra_search_path'], ['public', 'extensions']),
    maxRows: num(api['max_rows'], 1000),
  };
}
