#!/usr/bin/env node
/**
 * Writes the press room's media kit into src/assets/media-kit/:
 *   roomnest-brand-guidelines.pdf   a five-page PDF 1.4 written by hand (text and vector shapes)
 *   roomnest-logo-package.zip       the logo as SVG and PNG, with usage notes
 *   roomnest-media-photos.zip       RoomNest's illustrations as JPEG, with credits
 *   media-kit.json                  the files' sizes, which the press page shows
 * The files are committed (each well under 200 KB), so building mf-content never
 * needs this script; run it again after changing the brand or the illustrations:
 *   node mf-content/scripts/generate-media-kit.mjs
 * Uses only Node and `sharp` (installed at the repository root for the API).
 * Output is deterministic: fixed dates inside the PDF and the ZIPs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'src/assets/media-kit');
const ASSETS = join(ROOT, 'src/assets');
/** Every file inside the kit carries this date. */
const KIT_DATE = new Date(Date.UTC(2025, 4, 12, 9, 0, 0));

const BRAND = {
  teal: '#0b6e69',
  deepTeal: '#07524e',
  mint: '#e3f2f1',
  orange: '#f07f3c',
  deepOrange: '#c95f20',
  ink: '#1b2330',
  slate: '#5a6472',
  mist: '#f6f7f9',
};

// ---------------------------------------------------------------------------
// Logo artwork (the same mark as the site's header: a house on a rounded tile)

const HOUSE_PATH = 'M8 16.5 16 9l8 7.5V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z';
const FONT = "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif";

function markSvg({ size = 512, tile = BRAND.teal, house = '#ffffff' } = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">
  <title>RoomNest</title>
  <rect width="32" height="32" rx="8" fill="${tile}"/>
  <path d="${HOUSE_PATH}" fill="${house}"/>
</svg>
`;
}

function lockupSvg({ word = BRAND.ink, nest = BRAND.deepOrange, tile = BRAND.teal, house = '#ffffff', width = 1200 } = {}) {
  const height = Math.round((width * 120) / 460);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 460 120" width="${width}" height="${height}">
  <title>RoomNest</title>
  <g transform="translate(20 20) scale(2.5)">
    <rect width="32" height="32" rx="8" fill="${tile}"/>
    <path d="${HOUSE_PATH}" fill="${house}"/>
  </g>
  <text x="124" y="83" font-family="${FONT}" font-size="62" font-weight="700" letter-spacing="-0.6" fill="${word}">Room<tspan fill="${nest}">Nest</tspan></text>
</svg>
`;
}

// ---------------------------------------------------------------------------
// ZIP (PKWARE APPNOTE 6.3): local headers, data, central directory, end record

function dosDateTime(date) {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

/** entries: [{ name, data: Buffer, store?: boolean }] (already-compressed data is stored, the rest deflated when smaller). */
export function zip(entries, date = KIT_DATE) {
  const { time, day } = dosDateTime(date);
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const deflated = entry.store ? null : deflateRawSync(entry.data, { level: 9 });
    const useDeflate = deflated !== null && deflated.length < entry.data.length;
    const body = useDeflate ? deflated : entry.data;
    const method = useDeflate ? 8 : 0;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // flags: names are UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by: UNIX, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(0, 30); // extra
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external: regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + body.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([...locals, ...centrals, end]);
}

// ---------------------------------------------------------------------------
// PDF 1.4: Helvetica (a standard font, so nothing is embedded), WinAnsiEncoding

const WIN_ANSI = new Map([
  ['’', 0x92],
  ['‘', 0x91],
  ['“', 0x93],
  ['”', 0x94],
  ['–', 0x96],
  ['—', 0x97],
  ['•', 0x95],
  ['£', 0xa3],
  ['·', 0xb7],
  ['×', 0xd7],
  ['é', 0xe9],
]);

/** A PDF string literal in WinAnsi bytes (as a latin1 JS string). */
function pdfString(text) {
  let out = '(';
  for (const ch of text) {
    const mapped = WIN_ANSI.get(ch);
    const code = mapped ?? ch.codePointAt(0);
    if (code > 0xff) throw new Error(`No WinAnsi code for ${JSON.stringify(ch)} in ${JSON.stringify(text)}`);
    const c = String.fromCharCode(code);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `${out})`;
}

/** Helvetica advance widths (per 1000 em) of printable ASCII, from the standard AFM; other characters count as 556. */
const HELVETICA = [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584];
const HELVETICA_BOLD = [278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584];

function textWidth(text, size, bold) {
  const table = bold ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    units += code >= 32 && code <= 126 ? table[code - 32] : 556;
  }
  return (units * size) / 1000;
}

function wrap(text, size, width, bold = false) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, bold) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

const rgb = (hex) => [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');

/** One page's drawing operations, in points from the bottom-left corner of an A4 page. */
class PageCanvas {
  constructor() {
    this.ops = [];
  }
  fill(hex) {
    this.ops.push(`${rgb(hex)} rg`);
    return this;
  }
  rect(x, y, w, h, hex) {
    this.ops.push(`${rgb(hex)} rg ${x} ${y} ${w} ${h} re f`);
    return this;
  }
  roundRect(x, y, w, h, r, hex) {
    const k = 0.5523 * r;
    this.ops.push(
      `${rgb(hex)} rg`,
      `${x + r} ${y} m ${x + w - r} ${y} l ${x + w - r + k} ${y} ${x + w} ${y + r - k} ${x + w} ${y + r} c`,
      `${x + w} ${y + h - r} l ${x + w} ${y + h - r + k} ${x + w - r + k} ${y + h} ${x + w - r} ${y + h} c`,
      `${x + r} ${y + h} l ${x + r - k} ${y + h} ${x} ${y + h - r + k} ${x} ${y + h - r} c`,
      `${x} ${y + r} l ${x} ${y + r - k} ${x + r - k} ${y} ${x + r} ${y} c h f`,
    );
    return this;
  }
  /** The RoomNest mark, `size` points square, bottom-left at (x, y). */
  mark(x, y, size, tile = BRAND.teal, house = '#ffffff') {
    this.roundRect(x, y, size, size, size / 4, tile);
    const s = size / 32;
    const p = (px, py) => `${(x + px * s).toFixed(2)} ${(y + (32 - py) * s).toFixed(2)}`;
    const pts = [
      [8, 16.5],
      [16, 9],
      [24, 16.5],
      [24, 25],
      [18.5, 25],
      [18.5, 19.5],
      [13.5, 19.5],
      [13.5, 25],
      [8, 25],
    ];
    this.ops.push(`${rgb(house)} rg ${pts.map(([px, py], i) => `${p(px, py)} ${i === 0 ? 'm' : 'l'}`).join(' ')} h f`);
    return this;
  }
  text(x, y, text, { size = 11, bold = false, color = BRAND.ink } = {}) {
    this.ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${rgb(color)} rg 1 0 0 1 ${x} ${y} Tm ${pdfString(text)} Tj ET`);
    return this;
  }
  /** Wrapped paragraph; returns the y below it. */
  paragraph(x, y, text, { size = 11, bold = false, color = BRAND.ink, width = 475, leading = 1.45 } = {}) {
    for (const line of wrap(text, size, width, bold)) {
      this.text(x, y, line, { size, bold, color });
      y -= size * leading;
    }
    return y;
  }
  bullets(x, y, items, options = {}) {
    const { size = 11, width = 460 } = options;
    for (const item of items) {
      this.text(x, y, '•', { size, color: BRAND.teal, bold: true });
      y = this.paragraph(x + 14, y, item, { ...options, width: width - 14 }) - size * 0.35;
    }
    return y;
  }
  line(x1, y1, x2, y2, hex = '#dde2e8', width = 1) {
    this.ops.push(`${rgb(hex)} RG ${width} w ${x1} ${y1} m ${x2} ${y2} l S`);
    return this;
  }
  toString() {
    return this.ops.join('\n');
  }
}

/** Assembles objects, the cross-reference table and the trailer. `pages` are PageCanvas instances. */
export function pdf(pages, info) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add(null);
  const pagesId = add(null);
  const fontRegular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const fontBold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const pageIds = [];
  for (const page of pages) {
    const stream = Buffer.from(page.toString(), 'latin1');
    const contents = add(`<< /Length ${stream.length} >>\nstream\n${stream.toString('latin1')}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R /Lang (en-GB) >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const stamp = `D:${KIT_DATE.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
  const infoId = add(
    `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Subject ${pdfString(info.subject)} /Creator (RoomNest media kit generator) /CreationDate (${stamp}) /ModDate (${stamp}) >>`,
  );

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---------------------------------------------------------------------------
// The brand guidelines

const M = 60; // page margin
const W = 595 - 2 * M;

function header(page, number, title) {
  page.rect(0, 800, 595, 42, BRAND.teal);
  page.mark(M, 809, 24, '#ffffff', BRAND.teal);
  page.text(M + 34, 816, 'RoomNest brand guidelines', { size: 10, bold: true, color: '#ffffff' });
  page.text(595 - M - 40, 816, `Page ${number}`, { size: 9, color: '#ffffff' });
  page.text(M, 748, title, { size: 26, bold: true });
  page.rect(M, 734, 48, 4, BRAND.orange);
  return 700;
}

function footer(page) {
  page.line(M, 58, 595 - M, 58);
  page.text(M, 42, 'RoomNest Ltd · 2nd Floor, 120 Commercial Street, London E1 6NF · press@roomnest.co.uk', { size: 8, color: BRAND.slate });
}

function guidelines() {
  const pages = [];

  // 1. Cover
  const cover = new PageCanvas();
  cover.rect(0, 0, 595, 842, BRAND.teal);
  cover.rect(0, 0, 595, 250, BRAND.deepTeal);
  cover.mark(M, 600, 96, '#ffffff', BRAND.teal);
  cover.text(M, 530, 'RoomNest', { size: 54, bold: true, color: '#ffffff' });
  cover.text(M, 478, 'Brand guidelines', { size: 28, color: '#ffffff' });
  cover.rect(M, 450, 64, 5, BRAND.orange);
  cover.paragraph(M, 410, 'How to use the RoomNest name, logo, colours and voice, for journalists, partners and everyone who writes about us.', {
    size: 14,
    color: BRAND.mint,
    width: 400,
  });
  cover.text(M, 120, 'Version 2.1 · May 2025', { size: 12, bold: true, color: '#ffffff' });
  cover.text(M, 100, 'For press and partners · press@roomnest.co.uk', { size: 11, color: BRAND.mint });
  pages.push(cover);

  // 2. Who we are and how we sound
  const voice = new PageCanvas();
  let y = header(voice, 2, 'Who we are and how we sound');
  y = voice.paragraph(
    M,
    y,
    'RoomNest is a UK marketplace for rooms to rent and flatmates. Landlords advertise rooms; tenants search by area and budget, browse flatmate profiles and message advertisers directly. We started in East London in 2021, more than 50,000 people now use RoomNest, and we are expanding from London to Manchester and Birmingham.',
    { size: 12 },
  );
  y -= 16;
  voice.text(M, y, 'Our voice', { size: 16, bold: true });
  y -= 24;
  const principles = [
    ['Honest', 'We put the facts that matter first: rent, deposit, bills and house rules. We never oversell a room or a feature.'],
    ['Plain English', 'Short sentences and everyday words. We explain terms like “holding deposit” instead of assuming people know them.'],
    ['Warm', 'Moving home is stressful. We write like a helpful friend who has rented before, never like a form.'],
    ['Practical', 'Every piece of advice ends with something the reader can do next.'],
  ];
  for (const [title, body] of principles) {
    const height = 34 + wrap(body, 10.5, W - 28).length * 10.5 * 1.45;
    voice.roundRect(M, y - height + 12, W, height, 8, BRAND.mist);
    voice.text(M + 14, y - 8, title, { size: 12, bold: true, color: BRAND.deepTeal });
    voice.paragraph(M + 14, y - 26, body, { size: 10.5, width: W - 28 });
    y -= height + 10;
  }
  y -= 6;
  voice.text(M, y, 'Writing the name', { size: 16, bold: true });
  y -= 22;
  voice.bullets(
    M,
    y,
    [
      'Write RoomNest as one word with a capital R and N. Never Room Nest, Roomnest or ROOMNEST.',
      'Use UK English spelling and dates written day, month, year: 12 May 2025.',
      'Prices are in pounds per month: £925 a month, not £925pcm.',
    ],
    { size: 11 },
  );
  footer(voice);
  pages.push(voice);

  // 3. Logo
  const logo = new PageCanvas();
  y = header(logo, 3, 'The logo');
  y = logo.paragraph(
    M,
    y,
    'The RoomNest logo is a house on a rounded teal tile, followed by the wordmark with “Nest” in orange. Use the files in the logo package; do not redraw, recolour or rearrange them.',
    { size: 12 },
  );
  y -= 20;
  // Full-colour lockup on white, and the white version on teal.
  logo.roundRect(M, y - 120, W, 120, 10, BRAND.mist);
  logo.mark(M + 30, y - 80, 60);
  logo.text(M + 104, y - 63, 'Room', { size: 34, bold: true, color: BRAND.ink });
  logo.text(M + 104 + textWidth('Room', 34, true), y - 63, 'Nest', { size: 34, bold: true, color: BRAND.deepOrange });
  logo.text(M + 30, y - 106, 'Full colour, on white or light backgrounds', { size: 9, color: BRAND.slate });
  y -= 136;
  logo.roundRect(M, y - 120, W, 120, 10, BRAND.teal);
  logo.mark(M + 30, y - 80, 60, '#ffffff', BRAND.teal);
  logo.text(M + 104, y - 63, 'RoomNest', { size: 34, bold: true, color: '#ffffff' });
  logo.text(M + 30, y - 106, 'White, on teal or dark photography', { size: 9, color: BRAND.mint });
  y -= 150;
  logo.text(M, y, 'Clear space and size', { size: 16, bold: true });
  y -= 22;
  y = logo.bullets(
    M,
    y,
    [
      'Keep clear space around the logo at least as wide as the house in the mark.',
      'Do not use the full logo smaller than 24 px (8 mm) high, or the mark alone smaller than 16 px (5 mm).',
      'Use the mark on its own only where space is square and the RoomNest name appears nearby, such as an app icon or social avatar.',
    ],
    { size: 11 },
  );
  y -= 10;
  logo.text(M, y, 'Please do not', { size: 16, bold: true });
  y -= 22;
  logo.bullets(
    M,
    y,
    [
      'stretch, rotate, outline or add shadows to the logo;',
      'place the colour logo on a busy photo or a colour other than white or the light neutrals;',
      'change the colours, the typeface or the position of the mark;',
      'combine the logo with another company’s logo without asking us first.',
    ],
    { size: 11 },
  );
  footer(logo);
  pages.push(logo);

  // 4. Colour and type
  const colour = new PageCanvas();
  y = header(colour, 4, 'Colour and type');
  y = colour.paragraph(M, y, 'Teal is our main colour and orange our accent; use orange sparingly, for the one thing you want people to notice.', {
    size: 12,
  });
  y -= 16;
  const swatches = [
    ['RoomNest Teal', BRAND.teal, 'Buttons, links, headers'],
    ['Deep Teal', BRAND.deepTeal, 'Hover, text on mint'],
    ['Mint', BRAND.mint, 'Backgrounds, highlights'],
    ['Orange', BRAND.orange, 'Accent, calls to action'],
    ['Deep Orange', BRAND.deepOrange, '“Nest” in the wordmark'],
    ['Ink', BRAND.ink, 'Body text'],
    ['Slate', BRAND.slate, 'Secondary text'],
    ['Mist', BRAND.mist, 'Page background'],
  ];
  const cols = 4;
  const sw = (W - (cols - 1) * 12) / cols;
  swatches.forEach(([name, hex, use], i) => {
    const x = M + (i % cols) * (sw + 12);
    const top = y - Math.floor(i / cols) * 150;
    colour.roundRect(x, top - 70, sw, 70, 8, hex);
    if (hex === BRAND.mint || hex === BRAND.mist) colour.line(x, top - 70, x + sw, top - 70, '#dde2e8');
    colour.text(x, top - 88, name, { size: 10, bold: true });
    colour.text(x, top - 102, hex.toUpperCase(), { size: 9, color: BRAND.slate });
    const [r, g, b] = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
    colour.text(x, top - 114, `RGB ${r} ${g} ${b}`, { size: 9, color: BRAND.slate });
    colour.paragraph(x, top - 128, use, { size: 8.5, color: BRAND.slate, width: sw });
  });
  y -= 320;
  colour.text(M, y, 'Typography', { size: 16, bold: true });
  y -= 22;
  y = colour.paragraph(
    M,
    y,
    'On screen we use each device’s own system typeface (San Francisco, Segoe UI, Roboto), which is fast and familiar. In print and documents, use Helvetica or Arial. Headings are bold; body text is regular, at 16 px on screen and 10–11 pt in print.',
    { size: 11 },
  );
  y -= 14;
  colour.text(M, y - 10, 'Find your next room', { size: 28, bold: true });
  colour.text(M, y - 34, 'Heading, bold', { size: 9, color: BRAND.slate });
  colour.text(M, y - 62, 'Rooms to rent and flatmates across the UK, starting in East London.', { size: 13 });
  colour.text(M, y - 80, 'Body text, regular', { size: 9, color: BRAND.slate });
  footer(colour);
  pages.push(colour);

  // 5. Writing about RoomNest
  const press = new PageCanvas();
  y = header(press, 5, 'Writing about RoomNest');
  press.text(M, y, 'About RoomNest (boilerplate)', { size: 16, bold: true });
  y -= 22;
  y = press.paragraph(
    M,
    y,
    'RoomNest is a UK marketplace for rooms to rent and flatmates. Founded in East London in 2021, it lets landlords advertise rooms and manage their listings themselves, and lets renters search by area and budget, browse flatmate profiles and message advertisers directly. More than 50,000 people use RoomNest, which is expanding from London to Manchester and Birmingham. RoomNest Ltd is based in Shoreditch, London.',
    { size: 11 },
  );
  y -= 16;
  press.text(M, y, 'Key facts', { size: 16, bold: true });
  y -= 22;
  y = press.bullets(
    M,
    y,
    [
      'Founded: 2021, in East London.',
      'Active users: more than 50,000.',
      'Cities: London, Manchester and Birmingham.',
      'Plans: Free, Premium (£19.99 a month) and Professional (£49.99 a month).',
      'Headquarters: 2nd Floor, 120 Commercial Street, London E1 6NF.',
    ],
    { size: 11 },
  );
  y -= 16;
  press.text(M, y, 'Images', { size: 16, bold: true });
  y -= 22;
  y = press.paragraph(
    M,
    y,
    'The illustrations in our media photos package may be used, uncropped or cropped, in coverage of RoomNest. Please credit them “Image: RoomNest”. They may not be used in advertising or to suggest that RoomNest endorses a product.',
    { size: 11 },
  );
  y -= 20;
  press.roundRect(M, y - 92, W, 92, 10, BRAND.mint);
  press.text(M + 18, y - 26, 'Press contact', { size: 13, bold: true, color: BRAND.deepTeal });
  press.text(M + 18, y - 46, 'Charlotte Davies, Head of Communications', { size: 11 });
  press.text(M + 18, y - 64, 'press@roomnest.co.uk · +44 20 7946 0321', { size: 11 });
  press.text(M + 18, y - 82, 'We aim to reply to media enquiries on the same working day.', { size: 9.5, color: BRAND.slate });
  footer(press);
  pages.push(press);

  return pdf(pages, {
    title: 'RoomNest brand guidelines',
    author: 'RoomNest Ltd',
    subject: 'How to use the RoomNest name, logo, colours and voice',
  });
}

// ---------------------------------------------------------------------------
// The two ZIP packages

const LOGO_README = `RoomNest logo package
=====================

Files
  svg/roomnest-logo.svg          Full-colour logo, for white and light backgrounds
  svg/roomnest-logo-white.svg    White logo, for teal and dark backgrounds
  svg/roomnest-mark.svg          The mark on its own (square: app icons, avatars)
  png/roomnest-logo-1200.png     Full-colour logo, 1200 px wide, transparent background
  png/roomnest-logo-white-1200.png  White logo, 1200 px wide, transparent background
  png/roomnest-mark-512.png      The mark, 512 x 512 px

Use
  Keep clear space around the logo at least as wide as the house in the mark.
  Do not use the full logo smaller than 24 px (8 mm) high.
  Do not stretch, rotate, recolour or add effects to the logo.
  The SVG wordmark is set in Helvetica Neue / Arial Bold; where those are not
  installed, use the PNG files.

Colours
  RoomNest Teal  #0B6E69   Deep Teal  #07524E   Orange  #F07F3C
  Deep Orange    #C95F20   Ink        #1B2330   Mint    #E3F2F1

Full guidance: RoomNest brand guidelines (PDF) in the press room,
https://roomnest.co.uk/press. Questions: press@roomnest.co.uk
`;

const PHOTOS_CREDITS = `RoomNest media photos
=====================

Illustrations of renting in the UK, drawn for RoomNest.

  roomnest-london-terraces.jpg    A street of London terraced houses
  roomnest-shared-flat.jpg        A bright shared flat
  roomnest-skyline-dusk.jpg       The London skyline at dusk
  roomnest-kitchen-living.jpg     A shared kitchen and living room
  roomnest-three-cities.jpg       London, Manchester and Birmingham
  roomnest-rents-chart.jpg        Room rents by area (illustrative)
  roomnest-listing-renewals.jpg   Listing renewals on RoomNest

Use
  Free to use in editorial coverage of RoomNest, cropped or uncropped.
  Please credit: "Image: RoomNest".
  Not for advertising, or to suggest that RoomNest endorses a product.

Questions and high-resolution versions: press@roomnest.co.uk
`;

const svg = (text) => Buffer.from(text, 'utf8');
const png = (text) => sharp(Buffer.from(text)).png({ compressionLevel: 9, palette: true }).toBuffer();

async function logoPackage() {
  const colourLogo = lockupSvg();
  const whiteLogo = lockupSvg({ word: '#ffffff', nest: '#ffffff', tile: '#ffffff', house: BRAND.teal });
  const mark = markSvg();
  return zip([
    { name: 'roomnest-logo/README.txt', data: Buffer.from(LOGO_README, 'utf8') },
    { name: 'roomnest-logo/svg/roomnest-logo.svg', data: svg(colourLogo) },
    { name: 'roomnest-logo/svg/roomnest-logo-white.svg', data: svg(whiteLogo) },
    { name: 'roomnest-logo/svg/roomnest-mark.svg', data: svg(mark) },
    { name: 'roomnest-logo/png/roomnest-logo-1200.png', data: await png(colourLogo), store: true },
    { name: 'roomnest-logo/png/roomnest-logo-white-1200.png', data: await png(whiteLogo), store: true },
    { name: 'roomnest-logo/png/roomnest-mark-512.png', data: await png(mark), store: true },
  ]);
}

async function photosPackage() {
  const photos = [
    ['hero/london-terraces.svg', 'roomnest-london-terraces.jpg'],
    ['hero/shared-flat.svg', 'roomnest-shared-flat.jpg'],
    ['hero/skyline-dusk.svg', 'roomnest-skyline-dusk.jpg'],
    ['hero/kitchen-living.svg', 'roomnest-kitchen-living.jpg'],
    ['news/three-cities.svg', 'roomnest-three-cities.jpg'],
    ['news/rents-chart.svg', 'roomnest-rents-chart.jpg'],
    ['news/listing-renewals.svg', 'roomnest-listing-renewals.jpg'],
  ];
  const entries = [{ name: 'roomnest-media-photos/CREDITS.txt', data: Buffer.from(PHOTOS_CREDITS, 'utf8') }];
  for (const [source, name] of photos) {
    const data = await sharp(readFileSync(join(ASSETS, source)))
      .resize({ width: 1200 })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 64, mozjpeg: true })
      .toBuffer();
    entries.push({ name: `roomnest-media-photos/${name}`, data, store: true });
  }
  return zip(entries);
}

// ---------------------------------------------------------------------------

const LIMIT = 200 * 1024;

async function main() {
  mkdirSync(OUT, { recursive: true });
  const files = {
    'roomnest-brand-guidelines.pdf': guidelines(),
    'roomnest-logo-package.zip': await logoPackage(),
    'roomnest-media-photos.zip': await photosPackage(),
  };
  const sizes = {};
  for (const [name, data] of Object.entries(files)) {
    if (data.length > LIMIT) throw new Error(`${name} is ${data.length} bytes, over the ${LIMIT}-byte limit for committed files`);
    writeFileSync(join(OUT, name), data);
    sizes[name] = data.length;
    console.info(`${name}  ${(data.length / 1024).toFixed(1)} KB`);
  }
  writeFileSync(join(OUT, 'media-kit.json'), `${JSON.stringify(sizes, null, 2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
