/**
 * Precompressed copies of a build's static files: `<file>.br` (brotli, best
 * quality) and `<file>.gz` (gzip -9) beside every compressible file, written
 * once at build time. The server (api/src/plugins/web.ts, @fastify/static's
 * `preCompressed`) sends the best one the browser accepts, so nothing is
 * compressed per request and the files are smaller than on-the-fly
 * compression at a speed-friendly level would make them.
 *   node scripts/precompress.mjs <folder>
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing (images, fonts and archives are compressed already). */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.xml', '.map', '.wasm']);
/** Below this, compression saves less than the header costs. */
export const MIN_BYTES = 1024;

async function* filesIn(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the .br and .gz of one file when they are smaller than it; returns the bytes saved by brotli. */
async function compressFile(path) {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: extname(path) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
  return { raw: source.length, br: Math.min(br.length, source.length) };
}

/** Precompresses every compressible file of `dir` (recursively), a few at a time. */
export async function precompressDir(dir) {
  const queue = [];
  for await (const path of filesIn(dir)) {
    if (COMPRESSIBLE.has(extname(path)) && (await stat(path)).size >= MIN_BYTES) queue.push(path);
  }
  const totals = { files: queue.length, raw: 0, br: 0 };
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      const { raw, br } = await compressFile(path);
      totals.raw += raw;
      totals.br += br;
    }
  };
  await Promise.all([worker(), worker()]);
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: node scripts/precompress.mjs <folder>');
    process.exit(2);
  }
  const { files, raw, br } = await precompressDir(dir);
  console.info(`[precompress] ${files} files, ${(raw / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB brotli`);
}
