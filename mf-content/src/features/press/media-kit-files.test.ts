/// <reference types="node" />
/** The committed media kit files are what they claim to be: a valid PDF and two valid ZIP archives. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sizes from '../../assets/media-kit/media-kit.json';

const DIR = join(import.meta.dirname, '../../assets/media-kit');
const read = (name: string) => readFileSync(join(DIR, name));
const LIMIT = 200 * 1024;

/** Every entry of a ZIP, read through its central directory, with its data checked against the CRC. */
function zipEntries(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(method === 0 || method === 8).toBe(true);
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, data });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe('media kit files', () => {
  it.each(Object.entries(sizes))('%s is small and its size is the one the page shows', (name, size) => {
    const file = read(name);
    expect(file.length).toBe(size);
    expect(file.length).toBeLessThan(LIMIT);
    expect(file.length).toBeGreaterThan(10_000);
  });

  it('the brand guidelines are a five-page PDF 1.4 with a valid cross-reference table', () => {
    const pdf = read('roomnest-brand-guidelines.pdf');
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('/Count 5');
    expect(text).toContain('(Brand guidelines)');
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
    const first = startxref + `xref\n0 ${count}\n`.length;
    for (let i = 1; i < Number(count); i += 1) {
      const offset = Number(text.slice(first + i * 20, first + i * 20 + 10));
      expect(text.slice(offset, offset + `${i} 0 obj`.length)).toBe(`${i} 0 obj`);
    }
  });

  it('the logo package holds the logo as SVG and PNG, with usage notes', () => {
    const zip = read('roomnest-logo-package.zip');
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const entries = zipEntries(zip);
    expect(entries.map((e) => e.name)).toEqual([
      'roomnest-logo/README.txt',
      'roomnest-logo/svg/roomnest-logo.svg',
      'roomnest-logo/svg/roomnest-logo-white.svg',
      'roomnest-logo/svg/roomnest-mark.svg',
      'roomnest-logo/png/roomnest-logo-1200.png',
      'roomnest-logo/png/roomnest-logo-white-1200.png',
      'roomnest-logo/png/roomnest-mark-512.png',
    ]);
    for (const entry of entries.filter((e) => e.name.endsWith('.png'))) expect(entry.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    for (const entry of entries.filter((e) => e.name.endsWith('.svg'))) expect(entry.data.toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('the media photos are seven JPEG images with credits', () => {
    const zip = read('roomnest-media-photos.zip');
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    const entries = zipEntries(zip);
    expect(entries[0]?.name).toBe('roomnest-media-photos/CREDITS.txt');
    const photos = entries.filter((e) => e.name.endsWith('.jpg'));
    expect(photos).toHaveLength(7);
    for (const photo of photos) expect([...photo.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});
