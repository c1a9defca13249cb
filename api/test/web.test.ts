import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { NAME_MAX_LENGTH } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { DATABASE_UNAVAILABLE } from '../src/features/health/routes.ts';
import { IMMUTABLE, NO_REMOTES } from '../src/plugins/web.ts';
import { insertListing } from './listings-support.ts';
import { createTestContext, createUser, makeDataDir, REMOTES, SHELL_HTML, SHELL_VERSION, TEST_DATABASES, type TestContext } from './support.ts';

/** The live shell's page, its own title and description replaced by the page's (pages.test.ts checks those). */
function expectShellPage(body: string) {
  const [, bodyPart] = SHELL_HTML.split('</title>');
  expect(body.startsWith('<!doctype html><html><head><title>')).toBe(true);
  expect(body.endsWith(bodyPart as string)).toBe(true);
  expect(body.match(/<title>/g)).toHaveLength(1);
}

describe.each(TEST_DATABASES)('health, docs and static serving on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  const page = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') => ctx.inject({ method: 'GET', url, headers: { accept } });
  /** The status of the shell's page at `url` (always the page, no-store: the browser shows the 404 page or the remote's not-found screen itself). */
  const shellStatus = async (url: string) => {
    const res = await page(url);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expectShellPage(res.body);
    return { url, status: res.statusCode };
  };

  it('GET /api/health answers ok once the database answers', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI page and document with bearer auth', async () => {
    const ui = await ctx.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/users/profile', '/api/messages/unread-count', '/api/health']),
    );
    expect(doc.paths['/api/users/profile'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('Password');
    // The form bodies are documented from the schemas the routes check them with, rules included.
    const profileForm = doc.paths['/api/users/profile'].put.requestBody.content['multipart/form-data'].schema.anyOf[0];
    expect(profileForm.required).toEqual(['Name']);
    expect(profileForm.properties.Name).toMatchObject({ maxLength: NAME_MAX_LENGTH, description: expect.stringContaining('one line') });
    expect(profileForm.properties.BudgetMax).toMatchObject({ type: 'integer', minimum: 0, maximum: 100_000 });
    expect(profileForm.properties.profileImage).toMatchObject({ type: 'string', format: 'binary' });
    const listingForm = doc.paths['/api/listings'].post.requestBody.content['multipart/form-data'].schema;
    expect(listingForm.properties.Title).toMatchObject({ maxLength: 120 });
    expect(listingForm.properties.roomImage).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/store') || p.startsWith('/uploads') || p === '/remotes.json')).toBe(false);
  });

  it('serves /remotes.json no-store', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(REMOTES);
  });

  it('serves versioned store files immutable, compressed when asked', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/store/mf-search/1.0.0-x/mf-manifest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.json()).toEqual({ name: 'mf_search' });

    const js = await ctx.inject({ method: 'GET', url: `/store/shell/${SHELL_VERSION}/assets/index.js`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(js.rawPayload).toString()).toContain('console.info');
  });

  it('sends the precompressed copy the build wrote (brotli, else gzip, else the plain file), immutable and varying on Accept-Encoding', async () => {
    const dir = join(ctx.config.storeDir, 'mf-search', '1.0.0-x', 'assets');
    mkdirSync(dir, { recursive: true });
    const plain = `export const page = ${JSON.stringify('p'.repeat(3000))};\n`;
    writeFileSync(join(dir, 'page.js'), plain);
    // Markers prove the file on disk is sent, not the plain file compressed on the fly.
    writeFileSync(join(dir, 'page.js.br'), brotliCompressSync(`${plain}// br\n`));
    writeFileSync(join(dir, 'page.js.gz'), gzipSync(`${plain}// gz\n`));
    const url = '/store/mf-search/1.0.0-x/assets/page.js';

    const br = await ctx.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${plain}// br\n`);

    const gz = await ctx.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${plain}// gz\n`);

    const identity = await ctx.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['cache-control']).toBe(IMMUTABLE);
    expect(identity.body).toBe(plain);
  });

  it('compresses API answers when asked', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).openapi).toBe('3.1.0');
  });

  it.each(['/store/remotes.json', '/store/shell.json', '/store/mf-search/1.0.0-x/missing.js', '/store/../token-secret', '/store/'])(
    'answers a JSON 404, never cached, for %s',
    async (url) => {
      const res = await ctx.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
      expect(res.json()).toHaveProperty('message');
    },
  );

  it('serves uploads, and a JSON 404 for a missing one', async () => {
    mkdirSync(join(ctx.config.uploadsDir, 'listings'), { recursive: true });
    writeFileSync(join(ctx.config.uploadsDir, 'listings', 'a.gif'), Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
    const res = await ctx.inject({ method: 'GET', url: '/uploads/listings/a.gif' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    const missing = await page('/uploads/listings/none.gif');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('message');
  });

  it.each(['/', '/rooms', '/messages/chat/3?x=1', '/blog/tips-finding-flatmate', '/pricing/', '/reset-password?token=abc'])(
    'serves the live shell page no-store for %s',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expectShellPage(res.body);
    },
  );

  it('answers HEAD for a page like GET, without a body', async () => {
    const res = await ctx.inject({ method: 'HEAD', url: '/rooms', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength((await page('/rooms')).body)));
    const missing = await ctx.inject({ method: 'HEAD', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
  });

  describe('page statuses', () => {
    const rooms: Record<'available' | 'pending' | 'unavailable' | 'expired', number> = { available: 0, pending: 0, unavailable: 0, expired: 0 };
    beforeAll(async () => {
      const landlord = await createUser(ctx.db, { userType: 'Landlord' });
      rooms.available = await insertListing(ctx.db, landlord.id);
      rooms.pending = await insertListing(ctx.db, landlord.id, { status: 'Pending' });
      rooms.unavailable = await insertListing(ctx.db, landlord.id, { status: 'Unavailable' });
      rooms.expired = await insertListing(ctx.db, landlord.id, { postedDaysAgo: 31 });
    });


    it.each([
      '/find-a-room',
      '/flatmates',
      '/my-listings',
      '/post-ad',
      '/messages',
      '/login',
      '/register',
      '/signup',
      '/forgot-password',
      '/safety-advice',
      '/blog',
      '/blog/understanding-tenancy-agreement',
      '/blog/landlord-essentials-property-prep',
      '/news',
      '/news/2',
      '/news/category/market-analysis',
      '/accessibility',
      '/moderation',
      '/Pricing',
      '/rooms/12/edit',
    ])('answers 200 for the page %s', async (url) => {
      expect(await shellStatus(url)).toEqual({ url, status: 200 });
    });

    it.each([
      '/some/unknown',
      '/no-such-page',
      '/blog/a-post',
      '/blog/understanding-tenancy-agreement/more',
      '/news/9',
      '/news/abc',
      '/news/category/gossip',
      '/rooms/abc',
      '/rooms/0',
      '/rooms/99999999999',
      '/rooms/2147483647',
      '/rooms/abc/edit',
      '/messages/chat/me',
      '/favicon.ico',
    ])('answers 404 with the shell page for %s, which is no page', async (url) => {
      expect(await shellStatus(url)).toEqual({ url, status: 404 });
    });

    it('answers 200 for a public room and 404 for one that is absent or not public to an anonymous visitor', async () => {
      const statuses = [];
      for (const url of [`/rooms/${rooms.available}`, `/rooms/${rooms.available}/`, `/rooms/${rooms.available}?from=search`]) statuses.push(await shellStatus(url));
      for (const url of [`/rooms/${rooms.available + 1000}`, `/rooms/${rooms.pending}`, `/rooms/${rooms.unavailable}`, `/rooms/${rooms.expired}`])
        statuses.push(await shellStatus(url));
      // The owner's browser still renders the last three (it asks the API with its token); search engines are told they are not there.
      expect(statuses.map((s) => s.status)).toEqual([200, 200, 200, 404, 404, 404, 404]);
    });
  });

  it.each([
    ['GET', '/api/unknown', 'text/html'],
    ['GET', '/uploads/none.png', 'text/html'],
    ['GET', '/some/asset.js', '*/*'],
    ['POST', '/rooms/5', 'text/html'],
  ] as const)('answers a JSON 404, not the shell, to %s %s (accept %s)', async (method, url, accept) => {
    const res = await ctx.inject({ method, url, headers: { accept } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('follows a release or rollback of the shell at once, and says what to do when none is built', async () => {
    const next = '1.0.1-20260202000000-def5678';
    mkdirSync(join(ctx.config.storeDir, 'shell', next), { recursive: true });
    writeFileSync(join(ctx.config.storeDir, 'shell', next, 'index.html'), '<!doctype html><title>next</title><div id="next-shell"></div>');
    writeFileSync(join(ctx.config.storeDir, 'shell.json'), JSON.stringify({ version: next }));
    expect((await page('/rooms')).body).toContain('<div id="next-shell"></div>');

    writeFileSync(join(ctx.config.storeDir, 'shell.json'), JSON.stringify({ version: '../../token-secret' }));
    const traversal = await page('/rooms');
    expect(traversal.statusCode).toBe(503);

    writeFileSync(join(ctx.config.storeDir, 'shell.json'), JSON.stringify({ version: SHELL_VERSION }));
    expectShellPage((await page('/rooms')).body);

    rmSync(join(ctx.config.storeDir, 'shell.json'));
    const missing = await page('/rooms');
    expect(missing.statusCode).toBe(503);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.body).toContain('npm run build');
    writeFileSync(join(ctx.config.storeDir, 'shell.json'), JSON.stringify({ version: SHELL_VERSION }));
  });

  it('answers a JSON 404 for /remotes.json when nothing is published', async () => {
    const file = join(ctx.config.storeDir, 'remotes.json');
    rmSync(file);
    const res = await ctx.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ message: NO_REMOTES });
    writeFileSync(file, JSON.stringify(REMOTES));
  });
});

describe('health when the database is down', () => {
  it('answers 503 with a message', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const config = makeDataDir();
    const app = await buildApp({ db: database.db, config });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
    // A room page whose listing cannot be read is still served (200): the page itself says what went wrong.
    const room = await app.inject({ method: 'GET', url: '/rooms/5', headers: { accept: 'text/html' } });
    expect(room.statusCode).toBe(200);
    expect(room.body).toBe(SHELL_HTML);
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });
});
