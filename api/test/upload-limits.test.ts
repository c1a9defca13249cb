/**
 * An upload is bounded as a whole, on a real socket: a multipart body that
 * declares more than its limit (MULTIPART_BODY_LIMIT for a profile picture,
 * PHOTO_BODY_LIMIT for listing photos) is answered 413 before any of it is
 * read, and one without a declared length (chunked) is stopped as soon as it
 * passes the limit, or one of its files passes its own (5 MB, 10 MB a photo). Either way the answer
 * is the one error format, the client can read it, and the connection is
 * closed: the server stops taking bytes (a 10 GiB declaration was read for
 * gigabytes, 2.7 GB in 4 s, because the parser kept discarding the rest of the
 * oversized file until its end).
 */
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PHOTO_MAX_BYTES, UPLOAD_TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_BODY_LIMIT, PHOTO_BODY_LIMIT } from '../src/uploads/multipart.ts';
import { validForm } from './listings-support.ts';
import { person, type Person } from './integrity-support.ts';
import { createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

const BOUNDARY = '----roomnestLimitTest';
const MiB = 1024 * 1024;

/** The start of a listing form: every field, then the head of an image part whose bytes follow. */
function formHead(): Buffer {
  const parts = Object.entries(validForm()).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : value.map((v) => [name, v])));
  const fields = parts.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
  return Buffer.from(`${fields}--${BOUNDARY}\r\nContent-Disposition: form-data; name="roomImage"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
}

interface Outcome {
  /** Bytes the client's socket took (the request head and body; the kernel's buffers included) before the close. */
  accepted: number;
  /** Bytes the server read from its end of the connection. */
  read: number;
  /** What the server answered, as received. */
  response: string;
  /** The server closed the connection (rather than our giving up). */
  closedByServer: boolean;
  ms: number;
}

/**
 * Sends `head`, then `body`, then filler bytes in `chunk`-sized writes every `everyMs` (each once the socket took the
 * one before), framed as chunks when `chunked`, never more than `declared` body bytes, until the server closes the
 * connection or `giveUpAfterMs` passes.
 */
function stream(
  server: Server,
  port: number,
  head: string,
  body: Buffer,
  { chunk = 64 * 1024, everyMs = 1, giveUpAfterMs = 4_000, chunked = false, declared = Infinity } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    let serverSide: Socket | undefined;
    server.once('connection', (s: Socket) => (serverSide = s));
    const socket: Socket = connect(port, '127.0.0.1');
    let response = '';
    let done = false;
    let closedByServer = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(giveUp);
      const accepted = socket.bytesWritten;
      socket.destroy();
      resolve({ accepted, read: serverSide?.bytesRead ?? 0, response, closedByServer, ms: performance.now() - started });
    };
    const giveUp = setTimeout(finish, giveUpAfterMs);
    socket.on('data', (data) => (response += data.toString('latin1')));
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', () => {
      closedByServer = true;
      finish();
    });
    socket.on('close', () => {
      closedByServer = true;
      finish();
    });
    const filler = Buffer.alloc(chunk, 0xab);
    let sentBody = false;
    let sent = 0;
    const next = () => {
      if (done || socket.destroyed) return;
      const piece = (sentBody ? filler : body).subarray(0, Math.max(0, declared - sent));
      sentBody = true;
      sent += piece.length;
      if (piece.length === 0) return;
      const framed = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
      socket.write(framed, () => setTimeout(next, everyMs));
    };
    socket.write(head, () => next());
  });
}

const requestHead = (path: string, token: string, length: string | null) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
  `${length === null ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`}\r\n\r\n`;

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as unknown;

describe.each(TEST_DATABASES)('upload size limits on a real socket on $name', (database) => {
  let ctx: TestContext;
  let port: number;
  let landlord: Person;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    landlord = await person(ctx.db, { userType: 'Landlord', plan: 'Professional' });
  });
  afterAll(() => ctx?.close());

  it('answers a form declaring more than ten photos at their limit with 413 before reading it', async () => {
    const outcome = await stream(ctx.app.server, port, requestHead('/api/listings', landlord.token, String(PHOTO_BODY_LIMIT + 1)), formHead(), { everyMs: 5, declared: PHOTO_BODY_LIMIT + 1 });
    expect(statusOf(outcome.response)).toBe(413);
    expect(bodyOf(outcome.response)).toEqual({ message: UPLOAD_TEXTS.photoFormTooLarge });
    expect(outcome.read).toBeLessThan(MiB);
  });

  it('answers a declared 10 GiB at once with 413 and closes, having taken almost nothing', async () => {
    const outcome = await stream(ctx.app.server, port, requestHead('/api/listings', landlord.token, String(10 * 1024 * MiB)), formHead(), { everyMs: 5, declared: 10 * 1024 * MiB });
    expect(statusOf(outcome.response)).toBe(413);
    expect(bodyOf(outcome.response)).toEqual({ message: UPLOAD_TEXTS.photoFormTooLarge });
    expect(outcome.response.toLowerCase()).toContain('connection: close');
    expect(outcome.closedByServer).toBe(true);
    // The server read the head and what the socket had buffered; the kernel's buffers took a few MiB more before the close.
    expect(outcome.read).toBeLessThan(MiB);
    expect(outcome.accepted).toBeLessThan(16 * MiB);
    expect(outcome.ms).toBeLessThan(3_000);
    console.info(
      `[upload limits] declared 10 GiB: the server read ${(outcome.read / 1024).toFixed(0)} KiB, the socket took ${(outcome.accepted / MiB).toFixed(2)} MiB; answered and closed in ${outcome.ms.toFixed(0)} ms`,
    );
  });

  it('stops a chunked body soon after it passes the limit, with 413, and closes', async () => {
    const outcome = await stream(ctx.app.server, port, requestHead('/api/listings', landlord.token, null), formHead(), { everyMs: 0, giveUpAfterMs: 8_000, chunked: true });
    expect(statusOf(outcome.response)).toBe(413);
    // Named: the page shows it beside that file.
    expect(bodyOf(outcome.response)).toEqual({ message: UPLOAD_TEXTS.photoTooLarge('huge.jpg') });
    expect(outcome.closedByServer).toBe(true);
    // Stopped where the photo passed its limit, long before the form's (ten photos').
    expect(outcome.read).toBeGreaterThan(PHOTO_MAX_BYTES);
    expect(outcome.read).toBeLessThan(PHOTO_MAX_BYTES + MiB);
    expect(outcome.accepted).toBeLessThan(PHOTO_MAX_BYTES + 16 * MiB);
    console.info(
      `[upload limits] chunked without end: the server read ${(outcome.read / MiB).toFixed(2)} MiB, the socket took ${(outcome.accepted / MiB).toFixed(2)} MiB; answered and closed in ${outcome.ms.toFixed(0)} ms`,
    );
  });

  it('bounds the profile picture form the same way', async () => {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="Name"\r\n\r\nBig Picture\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="profileImage"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const declared = await stream(ctx.app.server, port, requestHead('/api/users/profile', landlord.token, String(MULTIPART_BODY_LIMIT + 1)).replace('POST', 'PUT'), Buffer.from(head), {
      everyMs: 5,
      declared: MULTIPART_BODY_LIMIT + 1,
    });
    expect(statusOf(declared.response)).toBe(413);
    expect(declared.closedByServer).toBe(true);
    expect(declared.read).toBeLessThan(MiB);
    const chunked = await stream(ctx.app.server, port, requestHead('/api/users/profile', landlord.token, null).replace('POST', 'PUT'), Buffer.from(head), {
      everyMs: 0,
      giveUpAfterMs: 8_000,
      chunked: true,
    });
    expect(statusOf(chunked.response)).toBe(413);
    expect(chunked.closedByServer).toBe(true);
    expect(chunked.read).toBeLessThan(MULTIPART_BODY_LIMIT + MiB);
  });

  it('still takes a form at the limits on a kept-alive connection', async () => {
    const image = Buffer.alloc(PHOTO_MAX_BYTES, 0xab);
    const res = await fetch(`http://127.0.0.1:${port}/api/listings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${landlord.token}` },
      body: (() => {
        const form = new FormData();
        for (const [name, value] of Object.entries(validForm())) for (const v of typeof value === 'string' ? [value] : value) form.append(name, v);
        form.append('roomImage', new Blob([image], { type: 'image/jpeg' }), 'exact.jpg');
        return form;
      })(),
    });
    // Exactly 10 MB is within a photo's limit: the bytes are read to the end and judged as an image (these are not one).
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: UPLOAD_TEXTS.photoType('exact.jpg') });
  });
});
