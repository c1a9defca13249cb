/**
 * Photo processing: ten phone photos of 12 megapixels (4000×3000 JPEGs with
 * detail: gradients, shapes and noise, not flat colour) sent to the real
 * upload route, POST /api/listings/:id/photos, in one request, in process on
 * PGlite. Prints and writes (bench-results/photos.json) the time for the ten,
 * per photo, the process's peak RSS and sharp's own peak memory during the
 * upload, and, as the baseline from the same run, the time per photo of the
 * one-image path from before photos (encodeImage: a full JPEG and a card,
 * each from its own decode of the original).
 *
 *   npm run bench -- photos
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { encodeImage } from '../src/uploads/images.ts';

const RESULTS = resolve(import.meta.dirname, '../../bench-results');
const PHOTOS = 10;
const WIDTH = 4000;
const HEIGHT = 3000;

interface Row {
  group: string;
  metric: string;
  value: number | null;
  unit: string;
  budget?: { op: '<=' | '>='; value: number };
  note?: string;
}

/** A 12-megapixel photo-like JPEG: a gradient, shapes of colour, and grain, as a phone camera's picture has. */
async function phonePhoto(seed: number): Promise<Buffer> {
  const shapes = Array.from({ length: 40 }, (_, i) => {
    const x = (seed * 977 + i * 613) % WIDTH;
    const y = (seed * 499 + i * 331) % HEIGHT;
    const hue = (seed * 37 + i * 53) % 360;
    return `<rect x="${x}" y="${y}" width="${300 + ((i * 97) % 900)}" height="${200 + ((i * 61) % 700)}" fill="hsl(${hue},45%,55%)" opacity="0.6" transform="rotate(${(i * 17) % 40 - 20} ${x} ${y})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${seed * 31},40%,70%)"/><stop offset="1" stop-color="hsl(${seed * 31 + 120},35%,30%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  // Grain: a noise layer at a quarter of the size, scaled up, blended over the drawing.
  const nw = WIDTH / 4;
  const nh = HEIGHT / 4;
  const noise = Buffer.alloc(nw * nh * 3);
  let state = seed * 2_654_435_761;
  for (let i = 0; i < noise.length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    noise[i] = 96 + (state >>> 25);
  }
  const grain = await sharp(noise, { raw: { width: nw, height: nh, channels: 3 } }).resize(WIDTH, HEIGHT, { kernel: 'cubic' }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
}

/** A multipart body of `files` under `field`, as a browser sends it. */
async function form(field: string, files: Buffer[]): Promise<{ payload: Buffer; contentType: string }> {
  const body = new FormData();
  files.forEach((file, i) => body.append(field, new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), `IMG_${1000 + i}.JPG`));
  const response = new Response(body);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function main(): Promise<void> {
  console.info(`[photos] drawing ${PHOTOS} photos of ${WIDTH}×${HEIGHT}…`);
  const photos: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) photos.push(await phonePhoto(i + 1));
  const sizes = photos.map((p) => p.length);

  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-bench-photos-'));
  const database = await openDatabase({ kind: 'pglite' });
  await migrateToLatest(database.db);
  const config = {
    dataDir,
    storeDir: join(dataDir, 'store'),
    uploadsDir: join(dataDir, 'uploads'),
    tokenSecret: new TextEncoder().encode('bench-only-token-secret-0123456789abcdef'),
    tokenTtlSeconds: 3600,
    logLevel: 'silent' as const,
  };
  mkdirSync(config.storeDir, { recursive: true });
  writeFileSync(join(config.storeDir, 'remotes.json'), '{}');
  const app = await buildApp({ db: database.db, config });
  await app.ready();
  try {
    const password = 'bench-password';
    await database.db
      .insertInto('users')
      .values({ name: 'Bench Landlord', email: 'bench@example.co.uk', password_hash: await hashPassword(password), user_type: 'Landlord', plan: 'Professional' })
      .execute();
    const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: 'bench@example.co.uk', Password: password } })).json<{ token: string }>().token;
    const { id } = await database.db
      .insertInto('listings')
      .values({ landlord_id: 1, title: 'Bench room', address: '1 Bench Street', city: 'London', state: 'Greater London', zip_code: 'E8 1AA', room_type: 'Double', rent: 800, available_date: '2030-01-01', pet_policy: 'Allowed', smoking_policy: 'Allowed' })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Baseline: the one-image path from before photos, one photo at a time.
    const baselineStart = performance.now();
    for (const photo of photos) await encodeImage(photo);
    const baselinePerPhoto = (performance.now() - baselineStart) / PHOTOS;

    // The upload: ten photos in one request through the route, memory sampled as it runs.
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let sharpPeak = 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      sharpPeak = Math.max(sharpPeak, sharp.cache().memory.current);
    }, 10);
    const body = await form('photos', photos);
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/listings/${id}/photos`, payload: body.payload, headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` } });
    const uploadMs = performance.now() - start;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    sharpPeak = Math.max(sharpPeak, sharp.cache().memory.high);
    if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
    const stored = res.json<{ photos: unknown[] }>().photos.length;

    const group = `Photos: ${PHOTOS} photos of ${WIDTH}×${HEIGHT} JPEG (${mib(Math.min(...sizes))}–${mib(Math.max(...sizes))} MiB each), one upload, PGlite in process`;
    const rows: Row[] = [
      { group, metric: `upload of ${PHOTOS} photos, every size`, value: Math.round(uploadMs), unit: 'ms', note: `${stored} photos stored, 6 files each` },
      { group, metric: 'per photo (upload, all 6 sizes)', value: Math.round(uploadMs / PHOTOS), unit: 'ms', budget: { op: '<=', value: 2000 } },
      { group, metric: 'per photo, baseline: the one-image path (2 sizes, decoded twice)', value: Math.round(baselinePerPhoto), unit: 'ms' },
      { group, metric: 'process RSS peak during the upload', value: mib(rssPeak), unit: 'MiB', note: `${mib(rssBefore)} MiB before; the request body (${mib(body.payload.length)} MiB) is held by the test injection` },
      { group, metric: 'RSS growth during the upload', value: mib(rssPeak - rssBefore), unit: 'MiB', budget: { op: '<=', value: 600 } },
      { group, metric: 'sharp (libvips) cache memory peak', value: mib(sharpPeak), unit: 'MiB' },
    ];
    for (const row of rows) console.info(`[photos] ${row.metric}: ${row.value} ${row.unit}${row.note ? ` (${row.note})` : ''}`);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, 'photos.json'), JSON.stringify(rows, null, 2));
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
