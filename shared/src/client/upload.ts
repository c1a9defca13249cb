/**
 * Uploads with progress. The one API client (base-query.ts) sends with fetch, and fetch cannot report how
 * much of a request body has gone: a landlord sending ten phone photos over a slow connection would see
 * nothing move for a minute. This helper sends a multipart body with XMLHttpRequest instead, which can, and
 * otherwise behaves as the base query does: the same base URL, the bearer token from the store, the
 * session-expired action on a 401 while logged in, and its answer in RTK Query's shape (`{ data }` or
 * `{ error: { status, data } }`), so errorMessage, errorStatus and serverFieldErrors read it unchanged.
 * Use it only where progress is shown; every other call goes through the api.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { API_BASE_URL } from './base-query.ts';
import { sessionExpired, type HostState } from './contract.ts';

export type UploadResult<T> = { data: T; error?: undefined } | { data?: undefined; error: FetchBaseQueryError };

export interface UploadRequest {
  /** The path under the API base, e.g. `/listings/12/photos`. */
  url: string;
  method?: 'POST' | 'PUT';
  body: FormData;
  /** Called as the body goes, with the share sent from 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

interface UploadContext {
  token: string | null | undefined;
  onUnauthorized: () => void;
  baseUrl?: string;
}

/** Sends one multipart request; never rejects (a network failure is `FETCH_ERROR`, as with fetchBaseQuery). */
export function sendUpload<T>(request: UploadRequest, context: UploadContext): Promise<UploadResult<T>> {
  const { url, method = 'POST', body, onProgress, signal } = request;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${context.baseUrl ?? API_BASE_URL}${url}`);
    if (context.token) xhr.setRequestHeader('authorization', `Bearer ${context.token}`);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    });
    const failed = (error: string) => resolve({ error: { status: 'FETCH_ERROR', error } });
    xhr.addEventListener('error', () => failed('The upload could not reach the server.'));
    xhr.addEventListener('abort', () => failed('The upload was cancelled.'));
    xhr.addEventListener('load', () => {
      let data: unknown = null;
      const text = xhr.responseText;
      if (text) {
        try {
          data = JSON.parse(text);
        } catch {
          if (xhr.status < 300) return resolve({ error: { status: 'PARSING_ERROR', originalStatus: xhr.status, data: text, error: 'The answer was not JSON.' } });
          data = text;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        return resolve({ data: data as T });
      }
      if (xhr.status === 401 && context.token) context.onUnauthorized();
      resolve({ error: { status: xhr.status, data } });
    });
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/** sendUpload with the page's session: the token read when the upload starts, a 401 ending the session. */
export function useUpload() {
  const store = useStore<HostState>();
  return useCallback(
    <T>(request: UploadRequest) =>
      sendUpload<T>(request, {
        token: store.getState().auth?.token,
        onUnauthorized: () => store.dispatch(sessionExpired()),
      }),
    [store],
  );
}
