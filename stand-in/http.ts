import type { IncomingMessage, ServerResponse } from 'node:http';

// Small HTTP helpers shared by the API, the Connect pages and the control surface.

/** What a handler answers; the server adds the rate-limit and CORS headers. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Thrown by handlers for any non-2xx answer, so a route reads as its happy path. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

export const notFound = (message = 'Not Found'): ApiError => new ApiError(404, { message });

export function ok(body: unknown, status = 200): Reply {
  return { status, body };
}

export const noContent = (): Reply => ({ status: 204 });

const MAX_BODY_BYTES = 1_000_000;

export async function readRawBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, { message: 'The request body is too large.' });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A request body as a plain object: JSON, or form-encoded (the Connect token exchange is sent both
 * ways). An empty body is an empty object, since every write body here is optional or checked later.
 */
export function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (raw.trim() === '') return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, { message: 'The request body is not valid JSON.' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, { message: 'The request body must be a JSON object.' });
  }
  return parsed as Record<string, unknown>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, contentType: string, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The origin clients used to reach us, for absolute URLs in bodies (covers, paging links). */
export function originOf(req: IncomingMessage): string {
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}
