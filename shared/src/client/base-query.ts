/**
 * The one API base query: every RTK Query api of every module uses it. It
 * sends the bearer token from the store and, on a 401 while logged in,
 * dispatches the contract's session-expired action (the shell reacts).
 */
import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { sessionExpired, type HostState } from './contract.ts';

export const API_BASE_URL = '/api';

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

export function createBaseQuery(baseUrl: string = API_BASE_URL): ApiBaseQuery {
  const raw = fetchBaseQuery({
    baseUrl,
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as Partial<HostState>).auth?.token;
      if (token) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  });
  return async (args, api, extra) => {
    const result = await raw(args, api, extra);
    if (result.error?.status === 401 && (api.getState() as Partial<HostState>).auth?.token) {
      api.dispatch(sessionExpired());
    }
    return result;
  };
}

/** The server's `message` when the answer carries one (docs/product.md, Errors: it is always preferred). */
export function serverMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && 'message' in data) {
      const m = (data as { message: unknown }).message;
      if (typeof m === 'string' && m.trim()) return m;
    }
  }
  return undefined;
}

/** The HTTP status of an RTK Query error, or undefined for network and parsing failures. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const s = (error as { status: unknown }).status;
    if (typeof s === 'number') return s;
    if (s === 'PARSING_ERROR' && 'originalStatus' in error) return (error as { originalStatus: number }).originalStatus;
  }
  return undefined;
}

/** The server's message, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** Field errors of a 400 answer, keyed by field name. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error && typeof error === 'object' && 'data' in error) {
    const errors = (error as { data?: { errors?: unknown } }).data?.errors;
    if (Array.isArray(errors))
      for (const e of errors)
        if (e && typeof e.field === 'string' && typeof e.message === 'string' && !(e.field in out)) out[e.field] = e.message;
  }
  return out;
}
