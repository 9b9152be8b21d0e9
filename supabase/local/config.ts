import { existsSync, readFileSync } from 'node:fs';
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

/** Reads supabase/config.toml; a missing file means every default applies. */
export function readConfig(file: string): RawConfig {
  if (!existsSync(file)) return {};
  return parse(readFileSync(file, 'utf8')) as RawConfig;
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
