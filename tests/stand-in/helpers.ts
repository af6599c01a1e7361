import { afterAll, beforeAll } from 'vitest';
import type { z } from 'zod';
import { startStandIn, type StandIn, type StandInOptions } from '../../stand-in/index.ts';

// Shared test plumbing: one stand-in per test file on an ephemeral port, and a fetch wrapper.

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Start a stand-in for the file; `standIn()` returns it inside tests. */
export function useStandIn(options: StandInOptions = {}): () => StandIn {
  let instance: StandIn | undefined;
  beforeAll(async () => {
    instance = await startStandIn({ port: 0, ...options });
  });
  afterAll(async () => {
    await instance?.stop();
  });
  return () => {
    if (!instance) throw new Error('stand-in not started');
    return instance;
  };
}

export interface CallOptions {
  method?: string;
  token?: string | null;
  body?: unknown;
  /** Send the body form-encoded instead of JSON. */
  form?: boolean;
  rawBody?: string;
}

export async function call(si: StandIn, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token !== null) headers.Authorization = `Bearer ${options.token ?? si.tokens.free}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['Content-Type'] = 'application/json';
  } else if (options.body !== undefined) {
    if (options.form) {
      body = new URLSearchParams(options.body as Record<string, string>).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
  }
  const response = await fetch(`${si.url}${path}`, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  if (text !== '' && (response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  if (text === '') parsed = undefined;
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Parse with a schema and return the typed value (fails the test with zod's report). */
export function shape<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`Shape mismatch:\n${JSON.stringify(result.error.issues.slice(0, 5), null, 2)}\n${JSON.stringify(value).slice(0, 800)}`);
  return result.data;
}

export const api = (path: string): string => `/api/v1${path}`;
