/**
 * Infrastructure: `/uploads/<key>` for whichever storage holds the uploads (storage.ts), so an image's address is
 * the same on every instance and in every row, whatever the storage.
 *   local folder   @fastify/static over the folder (ETag, Last-Modified, 304, Range, HEAD)
 *   bucket         each request streamed from the bucket with the same cache lifetime and content type, its
 *                  ETag and Last-Modified, a 304 for a browser's current copy (the bucket decides, from the
 *                  browser's If-None-Match or If-Modified-Since) and HEAD from the object's headers alone
 *   bucket with S3_PUBLIC_URL
 *                  a redirect to the object's public address (a CDN or the bucket's own), so the images' bytes
 *                  no longer pass through the API while every stored `/uploads/...` path keeps working
 * Every path that is not a stored upload (missing, a dotfile, a traversal) is the same JSON 404 as a missing
 * file; a bucket that cannot be reached is a 503 in the API's error format.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUploadKey, LocalUploadStorage, S3UploadStorage, UPLOAD_CACHE_CONTROL, type StoredObjectInfo, type UploadStorage } from './storage.ts';

export interface UploadRoutesOptions {
  storage: UploadStorage;
  /** The JSON 404 of a file not served (web.ts), so /uploads and /store refuse alike. */
  notFound: (reply: FastifyReply) => FastifyReply;
}

/** Registers `/uploads/*` in `files` (web.ts's file-serving context, whose error handler turns refusals into the 404). */
export async function registerUploadRoutes(files: FastifyInstance, { storage, notFound }: UploadRoutesOptions): Promise<void> {
  if (storage instanceof LocalUploadStorage) {
    // The file server wants its root to exist; a fresh data folder has none yet.
    await storage.check();
    await files.register(fastifyStatic, {
      root: storage.dir,
      prefix: '/uploads/',
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '1d',
    });
    return;
  }
  const publicUrl = storage instanceof S3UploadStorage ? storage.settings.publicUrl : null;

  const handler = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = request.params['*'];
    if (!isUploadKey(key)) return notFound(reply);
    if (publicUrl) {
      // The object's address never changes for a key, so shared caches may keep the redirect as long as the image.
      return reply.header('cache-control', UPLOAD_CACHE_CONTROL).redirect(`${publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`, 302);
    }
    const conditions = { ifNoneMatch: header(request, 'if-none-match'), ifModifiedSince: header(request, 'if-modified-since') };
    const object = request.method === 'HEAD' ? await storage.head(key, conditions) : await storage.get(key, conditions);
    if (object === null) return notFound(reply);
    reply.header('cache-control', UPLOAD_CACHE_CONTROL);
    if (object === 'not-modified') return reply.code(304).send();
    describe(reply, object);
    if (!('body' in object)) return reply.send();
    return reply.send(object.body);
  };
  // HEAD is its own route so that it asks the bucket for the headers only, not the bytes it would throw away.
  files.get('/uploads/*', { schema: { hide: true }, exposeHeadRoute: false }, handler);
  files.head('/uploads/*', { schema: { hide: true } }, handler);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function describe(reply: FastifyReply, object: StoredObjectInfo): void {
  reply.type(object.contentType).header('content-length', object.contentLength);
  if (object.etag) reply.header('etag', object.etag);
  if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
}
