/**
 * /uploads and /store answer every path they do not serve with the one JSON 404 of a missing file: the file
 * server's own refusals (a 403 `{"message":"Forbidden"}` for a NUL, a 403 "You do not have permission" that told
 * a dotfile or a folder was there) are no longer seen.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_NOT_FOUND } from '../src/plugins/web.ts';
import { createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('errors of /uploads and /store on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    mkdirSync(join(ctx.config.uploadsDir, 'listings'), { recursive: true });
    writeFileSync(join(ctx.config.uploadsDir, 'listings', 'a.gif'), Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
    writeFileSync(join(ctx.config.uploadsDir, '.secret'), 'secret');
    writeFileSync(join(ctx.config.uploadsDir, 'listings', '.hidden'), 'secret');
    writeFileSync(join(ctx.config.storeDir, 'mf-search', '1.0.0-x', '.hidden'), 'secret');
  });
  afterAll(() => ctx?.close());

  it.each([
    ['a dotfile', '/uploads/.secret'],
    ['a dotfile in a folder', '/uploads/listings/.hidden'],
    ['a folder', '/uploads/listings/'],
    ['a NUL', '/uploads/listings/%00'],
    ['a file name with a NUL after it', '/uploads/listings/a.gif%00'],
    ['an encoded traversal', '/uploads/..%2fstore%2fremotes.json'],
    ['a missing file', '/uploads/listings/none.gif'],
    ['a dotfile of a build', '/store/mf-search/1.0.0-x/.hidden'],
    ['a build folder', '/store/mf-search/1.0.0-x/'],
    ['a store file outside any build', '/store/remotes.json'],
  ])('answers %s (%s) with the 404 of a file not served, for GET and HEAD', async (_label, url) => {
    const res = await ctx.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: FILE_NOT_FOUND });
    const head = await ctx.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(404);
  });

  it('still serves the files themselves', async () => {
    const upload = await ctx.inject({ method: 'GET', url: '/uploads/listings/a.gif' });
    expect(upload.statusCode).toBe(200);
    expect(upload.headers['content-type']).toBe('image/gif');
    const build = await ctx.inject({ method: 'GET', url: '/store/mf-search/1.0.0-x/mf-manifest.json' });
    expect(build.statusCode).toBe(200);
  });
});
