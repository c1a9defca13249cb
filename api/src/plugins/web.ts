/**
 * Everything the browser loads that is not /api, so one process serves the whole product:
 *   /uploads/*     uploaded images, from the upload storage (the data folder or a bucket: uploads/serve.ts)
 *   /store/*       the deployment store: immutable `<package>/<version>/...` builds, cached for a year,
 *                  sent as the precompressed `.br` or `.gz` copy the build wrote beside each file when the
 *                  browser accepts it (scripts/precompress.mjs); anything else is compressed by @fastify/compress
 *   /remotes.json  the live remotes for this browser's cohort (no-store, Vary: Cookie: a release, canary or
 *                  rollback takes effect on the next load; see "Cohorts" below)
 *   any other page the live shell's index.html (no-store), read from `shell.json` on every request, with the
 *                  page's own title, description, canonical, preview tags and status (features/pages)
 * Anything else unknown is a JSON 404. Under /uploads and /store every refusal (a dotfile, a folder, a path
 * the file server will not take) is the same JSON 404 as a missing file, so no answer tells what exists.
 *
 * Cohorts: each browser holds a bucket (0-9999) in the `roomnest_cohort` cookie, set by the first page or
 * /remotes.json answer that finds none (or an invalid one). A remote with a canary running answers the canary to
 * the buckets in its share and the stable version to the others (scripts/deployment-store.mjs cohortRegistry), so a
 * browser keeps its versions across reloads. The shell's page early-fetches /remotes.json
 * (shell/src/features/remotes/early-preload.ts): the page answer sets the cookie so that this first request already
 * carries it, and both answers agree.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { REMOTE_COHORT_HEADER, lookUpPage } from '@roomnest/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { COHORT_COOKIE, assignBucket, cohortRegistry, parseBucket, readRegistry } from '../../../scripts/deployment-store.mjs';
import { registerUploadRoutes } from '../uploads/serve.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { sendNotFound } from './errors.ts';

export interface WebPluginOptions {
  storeDir: string;
  /** Where uploads are kept (uploads/storage.ts), served at /uploads. */
  uploads: UploadStorage;
  /**
   * A page's status and head tags (api/src/features/pages/describe.ts): 404 for no page or a room
   * an anonymous visitor may not see; `shellBase` is where the live shell's build is served.
   */
  describePage: (page: { url: string; shellBase: string }) => Promise<{ status: 200 | 404; head: string }>;
  /** Writes the head tags into the shell's page in place of its own title and description. */
  withHead: (shellHtml: string, head: string) => string;
  /** The cohort cookie is Secure when the site is served over https (PUBLIC_URL). */
  secureCookies?: boolean;
  /** The share of successful stable remote loads the shell reports (REMOTE_LOAD_SAMPLE_RATE), told in X-RoomNest-Load-Sample. */
  loadSampleRate?: number;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_STORE = 'no-store';
export const NO_REMOTES = 'No remotes are published yet. Run `npm run build`.';
/** The answer to any /uploads or /store path that is not served, whatever the reason. */
export const FILE_NOT_FOUND = 'There is no file at this address.';

/** Paths that never fall back to the shell's page. */
const NOT_PAGES = /^\/(api|uploads|store)(\/|$)/;
/** The folders served as files. */
const FILE_PATHS = /^\/(uploads|store)(\/|$)/;

const isFilePath = (request: FastifyRequest) => FILE_PATHS.test(request.url.split('?')[0] ?? '');
const fileNotFound = (reply: FastifyReply) => reply.code(404).type('application/json; charset=utf-8').send({ message: FILE_NOT_FOUND });
/** The header that tells the shell what share of successful stable loads to report. */
export const LOAD_SAMPLE_HEADER = 'x-roomnest-load-sample';
/** A browser keeps its bucket for a year. */
const COHORT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The browser's bucket from its cookie; when it has none (or an invalid one), a new bucket, set as its cookie on
 * this answer.
 */
export function cohortOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): number {
  let value: string | undefined;
  try {
    value = parseCookies(request.headers.cookie ?? '')[COHORT_COOKIE];
  } catch {
    value = undefined; // an unreadable Cookie header counts as none
  }
  const bucket = parseBucket(value);
  if (bucket !== null) return bucket;
  const assigned = assignBucket();
  reply.header(
    'set-cookie',
    serializeCookie(COHORT_COOKIE, String(assigned), { httpOnly: true, sameSite: 'lax', path: '/', maxAge: COHORT_MAX_AGE_SECONDS, secure }),
  );
  return assigned;
}

/** A version folder name as the build writes it (no path separators, no dot-dot). */
const VERSION = /^[\w][\w.+-]*$/;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>RoomNest is not built yet</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>RoomNest is not built yet</h1>
<p>The API is running, but no version of the web app is published in the deployment store.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds whatever is missing), then reload this page.</p>
</body>
</html>
`;

/** The live shell's index.html and the folder its build is served from, or null when no shell is published. */
async function readShellPage(storeDir: string): Promise<{ html: string; base: string } | null> {
  try {
    const { version } = JSON.parse(await readFile(join(storeDir, 'shell.json'), 'utf8')) as { version?: unknown };
    if (typeof version !== 'string' || !VERSION.test(version)) return null;
    return { html: await readFile(join(storeDir, 'shell', version, 'index.html'), 'utf8'), base: `/store/shell/${version}/` };
  } catch {
    return null;
  }
}

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  return !NOT_PAGES.test(path) && (request.headers.accept ?? '').includes('text/html');
}

/** The page's status and the shell's page with its head tags. */
async function composePage(request: FastifyRequest, shell: { html: string; base: string }, options: WebPluginOptions): Promise<{ status: 200 | 404; html: string }> {
  try {
    const { status, head } = await options.describePage({ url: request.url, shellBase: shell.base });
    return { status, html: options.withHead(shell.html, head) };
  } catch (err) {
    // The page itself says what went wrong when the browser asks the API; a failed look-up is no reason to fail it.
    request.log.warn({ err }, 'could not describe a page');
    return { status: lookUpPage(request.url.split('?')[0] ?? '').kind === 'none' ? 404 : 200, html: shell.html };
  }
}

async function webPlugin(app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  const { storeDir, uploads } = options;
  const secure = options.secureCookies ?? false;
  mkdirSync(storeDir, { recursive: true });

  // The file servers in a context of their own, so that their errors have a handler of their own.
  await app.register(async (files) => {
    // @fastify/static answers a dotfile, a folder or a path it will not take with its own 403 ("Forbidden") or 400:
    // the same 404 as a missing file instead. Failures of the server itself (an unreadable file) stay 500s, logged.
    files.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 500) throw error;
      return fileNotFound(reply);
    });
    await registerUploadRoutes(files, { storage: uploads, notFound: fileNotFound });

    await files.register(fastifyStatic, {
      root: storeDir,
      prefix: '/store/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '365d',
      immutable: true,
      // `<file>.br` / `<file>.gz` written at build time, chosen by Accept-Encoding (with Vary); the plain file otherwise.
      preCompressed: true,
      // Only files of a versioned build (`<package>/<version>/...`); remotes.json and shell.json are served no-store elsewhere.
      allowedPath: (pathName) => pathName.split('/').filter(Boolean).length >= 3,
    });
  });

  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    // The answer depends on the browser's cookie: no cache may keep it, or hand one browser's cohort to another.
    reply.header('cache-control', NO_STORE).header('vary', 'Cookie');
    const bucket = cohortOf(request, reply, secure);
    reply.header(REMOTE_COHORT_HEADER, String(bucket));
    if (options.loadSampleRate !== undefined) reply.header(LOAD_SAMPLE_HEADER, String(options.loadSampleRate));
    const registry = await readRegistry(storeDir);
    if (registry === null) return reply.code(404).send({ message: NO_REMOTES });
    return reply.type('application/json; charset=utf-8').send(cohortRegistry(registry, bucket));
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isFilePath(request)) return fileNotFound(reply);
    if (!wantsPage(request)) return sendNotFound(request, reply);
    const shell = await readShellPage(storeDir);
    reply.header('cache-control', NO_STORE).type('text/html; charset=utf-8');
    if (shell === null) return reply.code(503).send(NOT_BUILT_PAGE);
    // The page's early /remotes.json request must carry the browser's bucket: a new browser gets it here.
    cohortOf(request, reply, secure);
    const { status, html: page } = await composePage(request, shell, options);
    reply.code(status);
    // HEAD: the headers of the page, its length included, without the page.
    if (request.method === 'HEAD') return reply.header('content-length', Buffer.byteLength(page)).send();
    return reply.send(page);
  });
}

export default fp(webPlugin, { name: 'web', dependencies: ['errors'] });
