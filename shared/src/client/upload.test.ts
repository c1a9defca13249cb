import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../testing/network.ts';
import { sendUpload } from './upload.ts';

afterEach(() => vi.unstubAllGlobals());

describe('uploads with progress', () => {
  it('sends to the API base with the bearer token, reports progress and answers in the api’s shape', async () => {
    const net = stubFetch(async (request, url) => (url.pathname === '/api/listings/4/photos' && request.method === 'POST' ? json({ photos: [] }, 201) : undefined));
    const progress: number[] = [];
    const body = new FormData();
    body.append('photos', new File([new Uint8Array(8)], 'room.png', { type: 'image/png' }));
    const result = await sendUpload<{ photos: unknown[] }>({ url: '/listings/4/photos', body, onProgress: (p) => progress.push(p) }, { token: 'tok', onUnauthorized: () => {} });
    expect(result).toEqual({ data: { photos: [] } });
    expect(net.calls[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect((await net.calls[0]!.formData()).get('photos')).toBeInstanceOf(File);
    expect(progress).toEqual([0.5, 1, 1]);
  });

  it('ends the session on a 401 while logged in, and keeps the server’s error for the page', async () => {
    stubFetch(() => json({ message: 'Your session has expired. Please log in again.' }, 401));
    const expired = vi.fn<() => void>();
    const result = await sendUpload({ url: '/listings', body: new FormData() }, { token: 'old', onUnauthorized: expired });
    expect(result.error).toEqual({ status: 401, data: { message: 'Your session has expired. Please log in again.' } });
    expect(expired).toHaveBeenCalledOnce();
    // Without a session there is none to end.
    await sendUpload({ url: '/listings', body: new FormData() }, { token: null, onUnauthorized: expired });
    expect(expired).toHaveBeenCalledOnce();
  });

  it('answers a body that is not JSON as the api does, and a network failure as FETCH_ERROR', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await sendUpload({ url: '/listings', body: new FormData() }, { token: 't', onUnauthorized: () => {} })).error).toEqual({ status: 502, data: '<html>Bad gateway</html>' });
    stubFetch(() => Promise.reject(new TypeError('offline')));
    expect((await sendUpload({ url: '/listings', body: new FormData() }, { token: 't', onUnauthorized: () => {} })).error?.status).toBe('FETCH_ERROR');
  });
});
