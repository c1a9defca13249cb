/**
 * Demo room photos without a network: flat illustrations of a bedroom (wall,
 * window with a view, bed, and by layout a desk, shelves, plants, rug, lamp)
 * drawn as SVG in eight palettes, four layouts and three skies, rendered by
 * sharp and stored like an uploaded photo, in every size of PHOTO_VARIANTS;
 * and the other rooms of a flat (kitchen, living room, bathroom, the street
 * outside), each in four palettes, for a listing's further photos.
 * They go to `demo/` of the upload storage, which listing deletions never touch, so
 * many demo listings can share one picture.
 */
import { PHOTO_VARIANTS, photoVariantUrl, type PhotoVariant } from '@roomnest/shared';
import sharp from 'sharp';
import type { StoredImage } from '../uploads/images.ts';
import { encodePhotoFrom, writePhotoFiles } from '../uploads/photos.ts';
import { uploadKey, type UploadStorage } from '../uploads/storage.ts';

export const DEMO_IMAGE_FOLDER = 'demo';
export const DEMO_IMAGE_COUNT = 32;
/** The other rooms drawn, each in DEMO_EXTRA_PALETTES palettes. */
export const DEMO_EXTRA_KINDS = ['kitchen', 'living', 'bathroom', 'exterior'] as const;
export const DEMO_EXTRA_PALETTES = 4;
export const DEMO_EXTRA_COUNT = DEMO_EXTRA_KINDS.length * DEMO_EXTRA_PALETTES;

/** A demo picture as stored: its files and the full copy's size (every drawing is WIDTH × HEIGHT). */
export interface DemoPhoto extends StoredImage {
  width: number;
  height: number;
}

const WIDTH = 1200;
const HEIGHT = 900;
const FLOOR_Y = 640;

interface Palette {
  wall: string;
  wallShade: string;
  floor: string;
  floorLine: string;
  headboard: string;
  duvet: string;
  throw: string;
  wood: string;
  accent: string;
  rug: string;
}

const PALETTES: Palette[] = [
  { wall: '#dfe7dc', wallShade: '#cbd7c7', floor: '#c49a6c', floorLine: '#b0865a', headboard: '#7d9a83', duvet: '#f6f3ec', throw: '#e07a5f', wood: '#a47148', accent: '#e07a5f', rug: '#e9d8c4' },
  { wall: '#31465c', wallShade: '#293b4e', floor: '#d8b58a', floorLine: '#c29f74', headboard: '#c9a27e', duvet: '#f2efe9', throw: '#e9b44c', wood: '#b88a5a', accent: '#e9b44c', rug: '#c7ccd4' },
  { wall: '#f3ddd6', wallShade: '#e8cbc2', floor: '#b98b68', floorLine: '#a57856', headboard: '#d49c8c', duvet: '#ffffff', throw: '#6d8b74', wood: '#9c6b4e', accent: '#6d8b74', rug: '#efe6dc' },
  { wall: '#f2e3c6', wallShade: '#e6d3ae', floor: '#8c6a4f', floorLine: '#7a5a41', headboard: '#d9a441', duvet: '#fdfbf7', throw: '#3d5a80', wood: '#6f4e37', accent: '#3d5a80', rug: '#98c1d9' },
  { wall: '#e6e6e3', wallShade: '#d6d6d2', floor: '#c8a97e', floorLine: '#b4956b', headboard: '#9aa5ab', duvet: '#fafafa', throw: '#2a9d8f', wood: '#a88462', accent: '#2a9d8f', rug: '#d9d4cc' },
  { wall: '#e9c9b1', wallShade: '#dcb79c', floor: '#a9714b', floorLine: '#93603c', headboard: '#c26a4a', duvet: '#f7f3ee', throw: '#264653', wood: '#7f5539', accent: '#264653', rug: '#f1e3d3' },
  { wall: '#46604f', wallShade: '#3b5243', floor: '#d9bf97', floorLine: '#c4aa82', headboard: '#e0c9a6', duvet: '#f4efe6', throw: '#f2cc8f', wood: '#b5895b', accent: '#f2cc8f', rug: '#e8dcc6' },
  { wall: '#e4e0ef', wallShade: '#d4cfe3', floor: '#b08d6e', floorLine: '#9b7a5c', headboard: '#8e7dbe', duvet: '#ffffff', throw: '#e76f51', wood: '#8d6748', accent: '#e76f51', rug: '#f0e6d8' },
];

const SKIES = [
  { top: '#8ec5ea', bottom: '#d8ecf7', skyline: '#9fb3c4' }, // clear day
  { top: '#f6b48f', bottom: '#fbe3c4', skyline: '#b88f86' }, // early evening
  { top: '#b7c4cf', bottom: '#e4e9ed', skyline: '#8e9aa5' }, // overcast
];

/** A row of rooftops and towers seen through the window, varied by `seed`. */
function skyline(x: number, width: number, baseY: number, colour: string, seed: number): string {
  let out = '';
  let cursor = x;
  let step = seed;
  while (cursor < x + width) {
    step = (step * 9301 + 49_297) % 233_280;
    const w = 24 + (step % 40);
    const h = 40 + ((step >> 3) % 120);
    out += `<rect x="${cursor}" y="${baseY - h}" width="${Math.min(w, x + width - cursor)}" height="${h}" fill="${colour}"/>`;
    cursor += w + 4;
  }
  return out;
}

function windowAt(x: number, sky: (typeof SKIES)[number], seed: number, arched: boolean): string {
  const y = 130;
  const w = 300;
  const h = 340;
  const glass = arched
    ? `<path d="M${x} ${y + 110} A${w / 2} ${w / 2 - 40} 0 0 1 ${x + w} ${y + 110} V${y + h} H${x} Z" fill="url(#sky)"/>`
    : `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>`;
  return `
    <rect x="${x - 18}" y="${y - 18}" width="${w + 36}" height="${h + 36}" rx="${arched ? 0 : 4}" fill="#fbfaf7" opacity="${arched ? 0 : 1}"/>
    ${arched ? `<path d="M${x - 18} ${y + 110} A${w / 2 + 18} ${w / 2 - 22} 0 0 1 ${x + w + 18} ${y + 110} V${y + h + 18} H${x - 18} Z" fill="#fbfaf7"/>` : ''}
    ${glass}
    <g clip-path="url(#glass)">${skyline(x, w, y + h, sky.skyline, seed)}</g>
    <rect x="${x + w / 2 - 5}" y="${y + (arched ? 40 : 0)}" width="10" height="${h - (arched ? 40 : 0)}" fill="#fbfaf7"/>
    <rect x="${x}" y="${y + h / 2 - 5}" width="${w}" height="10" fill="#fbfaf7"/>
    <rect x="${x - 34}" y="${y + h + 14}" width="${w + 68}" height="16" rx="3" fill="#f1eee8"/>`;
}

function curtains(x: number, colour: string): string {
  return `
    <rect x="${x - 70}" y="96" width="${300 + 140}" height="8" rx="4" fill="#5b5148"/>
    <path d="M${x - 66} 104 h70 q-18 200 10 420 h-80 z" fill="${colour}" opacity="0.92"/>
    <path d="M${x + 366} 104 h-70 q18 200 -10 420 h80 z" fill="${colour}" opacity="0.92"/>`;
}

function bed(x: number, p: Palette, double: boolean): string {
  const w = double ? 460 : 320;
  return `
    <rect x="${x}" y="420" width="${w}" height="230" rx="26" fill="${p.headboard}"/>
    <rect x="${x + 14}" y="434" width="${w - 28}" height="80" rx="18" fill="#000" opacity="0.06"/>
    <rect x="${x - 16}" y="560" width="${w + 32}" height="92" rx="14" fill="${p.wood}"/>
    <rect x="${x - 22}" y="520" width="${w + 44}" height="110" rx="22" fill="${p.duvet}"/>
    <rect x="${x + 30}" y="492" width="${double ? 150 : 200}" height="52" rx="22" fill="#ffffff"/>
    ${double ? `<rect x="${x + w - 180}" y="492" width="150" height="52" rx="22" fill="#ffffff"/>` : ''}
    <rect x="${x - 22}" y="586" width="${w + 44}" height="34" rx="10" fill="${p.throw}" opacity="0.9"/>
    <rect x="${x - 4}" y="650" width="14" height="34" fill="${p.wood}"/>
    <rect x="${x + w - 10}" y="650" width="14" height="34" fill="${p.wood}"/>`;
}

function bedsideLamp(x: number, p: Palette): string {
  return `
    <rect x="${x}" y="540" width="110" height="120" rx="8" fill="${p.wood}"/>
    <rect x="${x + 12}" y="580" width="86" height="8" rx="4" fill="#000" opacity="0.12"/>
    <rect x="${x + 50}" y="470" width="10" height="70" fill="#4a4a4a"/>
    <path d="M${x + 18} 474 L${x + 36} 420 H${x + 74} L${x + 92} 474 Z" fill="${p.accent}"/>
    <circle cx="${x + 55}" cy="470" r="60" fill="#fff3c4" opacity="0.25"/>`;
}

function desk(x: number, p: Palette): string {
  return `
    <rect x="${x}" y="500" width="260" height="18" rx="4" fill="${p.wood}"/>
    <rect x="${x + 12}" y="518" width="14" height="150" fill="${p.wood}"/>
    <rect x="${x + 234}" y="518" width="14" height="150" fill="${p.wood}"/>
    <rect x="${x + 150}" y="518" width="96" height="60" rx="4" fill="${p.wood}" opacity="0.85"/>
    <rect x="${x + 60}" y="452" width="110" height="48" rx="4" fill="#3b3f46"/>
    <rect x="${x + 50}" y="496" width="130" height="6" rx="3" fill="#9aa0a8"/>
    <rect x="${x + 200}" y="474" width="22" height="26" rx="4" fill="${p.accent}"/>
    <path d="M${x + 60} 560 h110 v20 h-110 z M${x + 70} 580 v90 M${x + 160} 580 v90" stroke="#4b4b4b" stroke-width="10" fill="${p.headboard}"/>`;
}

function plant(x: number, baseY: number, scale: number, leaf: string): string {
  const s = (n: number) => n * scale;
  return `
    <g transform="translate(${x} ${baseY - s(60)})">
      <ellipse cx="${s(10)}" cy="${s(-50)}" rx="${s(22)}" ry="${s(60)}" transform="rotate(-25 ${s(10)} ${s(-50)})" fill="${leaf}"/>
      <ellipse cx="${s(50)}" cy="${s(-60)}" rx="${s(22)}" ry="${s(70)}" transform="rotate(20 ${s(50)} ${s(-60)})" fill="${leaf}" opacity="0.85"/>
      <ellipse cx="${s(30)}" cy="${s(-80)}" rx="${s(18)}" ry="${s(64)}" fill="${leaf}" opacity="0.95"/>
      <path d="M0 0 H${s(60)} L${s(52)} ${s(60)} H${s(8)} Z" fill="#c96f4a"/>
    </g>`;
}

function shelf(x: number, p: Palette, seed: number): string {
  const colours = [p.accent, p.headboard, p.throw, '#f4f1ea', '#5b6770', p.wood];
  let books = '';
  let cursor = x + 8;
  for (let i = 0; i < 7; i++) {
    const h = 44 + ((seed + i * 7) % 4) * 8;
    const w = 14 + ((seed + i) % 3) * 4;
    books += `<rect x="${cursor}" y="${300 - h}" width="${w}" height="${h}" fill="${colours[(seed + i) % colours.length]}"/>`;
    cursor += w + 3;
  }
  return `${books}<rect x="${x}" y="300" width="220" height="12" rx="3" fill="${p.wood}"/>${plant(x + 170, 300, 0.45, '#5e8c61')}`;
}

function frames(x: number, p: Palette): string {
  return `
    <rect x="${x}" y="220" width="120" height="150" fill="#fbfaf7" stroke="${p.wood}" stroke-width="8"/>
    <circle cx="${x + 60}" cy="280" r="34" fill="${p.accent}" opacity="0.8"/>
    <rect x="${x + 22}" y="320" width="76" height="26" fill="${p.headboard}" opacity="0.8"/>
    <rect x="${x + 150}" y="250" width="90" height="110" fill="#fbfaf7" stroke="${p.wood}" stroke-width="8"/>
    <path d="M${x + 160} 350 L${x + 195} 290 L${x + 230} 350 Z" fill="${p.throw}" opacity="0.7"/>`;
}

function floorboards(p: Palette): string {
  let lines = '';
  for (let y = FLOOR_Y + 36; y < HEIGHT; y += 40) lines += `<line x1="0" y1="${y}" x2="${WIDTH}" y2="${y}" stroke="${p.floorLine}" stroke-width="3"/>`;
  return lines;
}

/** The SVG of illustration `index` (0-based); every index below DEMO_IMAGE_COUNT looks different. */
export function roomIllustrationSvg(index: number): string {
  const p = PALETTES[index % PALETTES.length]!;
  const layout = Math.floor(index / PALETTES.length) % 4;
  const sky = SKIES[index % SKIES.length]!;
  const bedLeft = layout % 2 === 0;
  const withDesk = layout >= 2;
  const double = index % 3 !== 1;
  const windowX = bedLeft ? 720 : 180;
  const bedX = bedLeft ? 130 : 660;
  const content = [
    `<rect width="${WIDTH}" height="${FLOOR_Y}" fill="url(#wall)"/>`,
    `<rect y="${FLOOR_Y}" width="${WIDTH}" height="${HEIGHT - FLOOR_Y}" fill="${p.floor}"/>`,
    floorboards(p),
    `<rect y="${FLOOR_Y - 16}" width="${WIDTH}" height="18" fill="#f7f5f0"/>`,
    `<ellipse cx="${WIDTH / 2}" cy="${FLOOR_Y + 150}" rx="360" ry="70" fill="${p.rug}" opacity="0.9"/>`,
    curtains(windowX, p.accent),
    windowAt(windowX, sky, index + 1, layout === 1),
    bedLeft ? frames(bedX + 40, p) : shelf(bedX + 60, p, index),
    bed(bedX, p, double),
    bedsideLamp(bedLeft ? bedX + (double ? 480 : 340) : bedX - 130, p),
    withDesk ? desk(bedLeft ? 860 : 90, p) : plant(bedLeft ? 1060 : 60, 690, 1.4, '#4f7d5a'),
    `<line x1="${WIDTH / 2}" y1="0" x2="${WIDTH / 2}" y2="70" stroke="#3f3f3f" stroke-width="4"/>`,
    `<path d="M${WIDTH / 2 - 50} 110 Q${WIDTH / 2} 50 ${WIDTH / 2 + 50} 110 Z" fill="${p.accent}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wall}"/><stop offset="1" stop-color="${p.wallShade}"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
    <clipPath id="glass"><rect x="${windowX}" y="130" width="300" height="340"/></clipPath>
  </defs>
  ${content.join('\n  ')}
</svg>`;
}

/** The SVG of another room of the flat (`kind`) in palette `index`: what a listing's further photos show. */
export function otherRoomSvg(kind: (typeof DEMO_EXTRA_KINDS)[number], index: number): string {
  const p = PALETTES[(index * 3 + 1) % PALETTES.length]!;
  const sky = SKIES[index % SKIES.length]!;
  let content: string;
  if (kind === 'kitchen') {
    // Worktop and cupboards along the back wall, a hob, a sink under the window, tiles above.
    let tiles = '';
    for (let x = 60; x < 1140; x += 60) for (let y = 380; y < 500; y += 40) tiles += `<rect x="${x}" y="${y}" width="56" height="36" fill="#f7f5f0" stroke="${p.wallShade}" stroke-width="2"/>`;
    content = `<rect width="${WIDTH}" height="${HEIGHT}" fill="${p.wall}"/>${tiles}
      ${windowAt(420, sky, index + 3, false)}
      <rect x="40" y="500" width="1120" height="30" fill="${p.wood}"/>
      <rect x="40" y="530" width="1120" height="300" fill="${p.headboard}"/>
      ${Array.from({ length: 7 }, (_, i) => `<rect x="${60 + i * 158}" y="550" width="140" height="260" fill="${p.headboard}" stroke="${p.wallShade}" stroke-width="4"/><rect x="${120 + i * 158}" y="570" width="20" height="6" fill="#555"/>`).join('')}
      <rect x="880" y="488" width="200" height="14" fill="#333"/>${[910, 970, 1030].map((x) => `<circle cx="${x}" cy="494" r="14" fill="#555"/>`).join('')}
      <rect x="500" y="492" width="200" height="16" fill="#c9ced3"/>
      <rect x="60" y="120" width="260" height="150" fill="${p.headboard}" stroke="${p.wallShade}" stroke-width="4"/>
      <rect x="860" y="120" width="260" height="150" fill="${p.headboard}" stroke="${p.wallShade}" stroke-width="4"/>
      ${plant(360, 470, 0.6, '#4f7d5a')}<rect y="830" width="${WIDTH}" height="70" fill="${p.floor}"/>`;
  } else if (kind === 'living') {
    // A sofa under framed prints, a rug, a coffee table, a lamp and a tall plant.
    content = `<rect width="${WIDTH}" height="${FLOOR_Y}" fill="${p.wall}"/>
      <rect y="${FLOOR_Y}" width="${WIDTH}" height="${HEIGHT - FLOOR_Y}" fill="${p.floor}"/>${floorboards(p)}
      ${frames(380, p)}
      <ellipse cx="600" cy="790" rx="420" ry="80" fill="${p.rug}"/>
      <rect x="300" y="470" width="600" height="110" rx="30" fill="${p.accent}"/>
      <rect x="270" y="520" width="660" height="130" rx="26" fill="${p.accent}" opacity="0.9"/>
      <rect x="330" y="530" width="260" height="60" rx="16" fill="${p.duvet}" opacity="0.35"/>
      <rect x="610" y="530" width="260" height="60" rx="16" fill="${p.duvet}" opacity="0.35"/>
      <rect x="430" y="720" width="340" height="26" rx="8" fill="${p.wood}"/><rect x="450" y="746" width="16" height="50" fill="${p.wood}"/><rect x="734" y="746" width="16" height="50" fill="${p.wood}"/>
      ${bedsideLamp(980, p)}${plant(130, 690, 1.6, '#3f6e4a')}`;
  } else if (kind === 'bathroom') {
    // White tiles, a bath with a shower screen, a basin and a mirror, a towel.
    let tiles = '';
    for (let x = 0; x < WIDTH; x += 80) for (let y = 0; y < 700; y += 80) tiles += `<rect x="${x}" y="${y}" width="78" height="78" fill="#f4f6f7" stroke="${p.wall}" stroke-width="3"/>`;
    content = `${tiles}<rect y="700" width="${WIDTH}" height="200" fill="${p.wallShade}"/>
      <rect x="80" y="500" width="620" height="220" rx="40" fill="#ffffff" stroke="#cfd6da" stroke-width="6"/>
      <rect x="640" y="160" width="12" height="360" fill="#b8c4cc" opacity="0.8"/><rect x="520" y="160" width="130" height="360" fill="#dfeef5" opacity="0.5"/>
      <circle cx="200" cy="150" r="30" fill="#c9ced3"/><rect x="195" y="150" width="10" height="80" fill="#c9ced3"/>
      <rect x="830" y="200" width="220" height="260" rx="110" fill="#dfeef5" stroke="#b8c4cc" stroke-width="8"/>
      <rect x="820" y="500" width="240" height="50" rx="20" fill="#ffffff" stroke="#cfd6da" stroke-width="6"/><rect x="900" y="550" width="80" height="150" fill="#ffffff" stroke="#cfd6da" stroke-width="6"/>
      <rect x="1090" y="300" width="70" height="240" rx="10" fill="${p.accent}"/>`;
  } else {
    // The street outside: a terrace of brick houses under the sky, front doors, windows, a tree and railings.
    content = `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
      ${Array.from({ length: 3 }, (_, i) => {
        const x = i * 400;
        const door = [p.accent, p.throw, p.headboard][i]!;
        return `<rect x="${x}" y="160" width="400" height="600" fill="${['#a0522d', '#b5651d', '#8b4a2b'][(i + index) % 3]}" stroke="#6b3a22" stroke-width="4"/>
          <path d="M${x} 160 L${x + 200} 80 L${x + 400} 160 Z" fill="#4a4f55"/>
          <rect x="${x + 60}" y="220" width="110" height="150" fill="#dfeef5" stroke="#f7f5f0" stroke-width="10"/><rect x="${x + 230}" y="220" width="110" height="150" fill="#dfeef5" stroke="#f7f5f0" stroke-width="10"/>
          <rect x="${x + 230}" y="450" width="110" height="150" fill="#dfeef5" stroke="#f7f5f0" stroke-width="10"/>
          <rect x="${x + 70}" y="520" width="100" height="240" fill="${door}" stroke="#f7f5f0" stroke-width="10"/><circle cx="${x + 150}" cy="640" r="6" fill="#e9c46a"/>`;
      }).join('')}
      <rect y="760" width="${WIDTH}" height="140" fill="#9a9a96"/><rect y="760" width="${WIDTH}" height="16" fill="#bdbdb8"/>
      ${Array.from({ length: 40 }, (_, i) => `<rect x="${i * 30}" y="700" width="6" height="70" fill="#2f2f2f"/>`).join('')}<rect y="700" width="${WIDTH}" height="6" fill="#2f2f2f"/>
      <rect x="1080" y="420" width="24" height="360" fill="#6b4f3a"/><circle cx="1092" cy="400" r="${110 + index * 10}" fill="#5a8a5e" opacity="0.95"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
    <clipPath id="glass"><rect x="420" y="130" width="300" height="340"/></clipPath>
  </defs>
  ${content}
</svg>`;
}

const stem = (index: number) => `room-${String(index + 1).padStart(2, '0')}`;
const VARIANTS = Object.keys(PHOTO_VARIANTS) as PhotoVariant[];

/** Renders one drawing into every size under `name`, unless all its files are there already. */
async function renderDemoPhoto(uploads: UploadStorage, name: string, svg: () => string): Promise<DemoPhoto> {
  const imagePath = `/uploads/${DEMO_IMAGE_FOLDER}/${name}.jpg`;
  const stored: DemoPhoto = { imagePath, thumbPath: photoVariantUrl(imagePath, 'card'), width: WIDTH, height: HEIGHT };
  const present = await Promise.all(VARIANTS.map((v) => uploads.exists(uploadKey(photoVariantUrl(imagePath, v)))));
  if (present.every(Boolean)) return stored;
  const photo = await encodePhotoFrom(sharp(Buffer.from(svg())), { quick: true });
  await writePhotoFiles(uploads, DEMO_IMAGE_FOLDER, photo, { stem: name, overwrite: true });
  return stored;
}

/** Runs `work` over `items`, `limit` at a time, answering in order (the seed's drawings: two cores, many pictures). */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = Array.from({ length: items.length });
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

/**
 * Renders the bedroom illustrations into `demo/` of the upload storage (skipping those
 * already there) and answers their paths, in index order.
 */
export async function renderRoomIllustrations(uploads: UploadStorage, count = DEMO_IMAGE_COUNT): Promise<DemoPhoto[]> {
  return mapLimited(
    Array.from({ length: count }, (_, i) => i),
    4,
    (index) => renderDemoPhoto(uploads, stem(index), () => roomIllustrationSvg(index)),
  );
}

/** Renders the other rooms (DEMO_EXTRA_KINDS × DEMO_EXTRA_PALETTES) the same way: a listing's further photos. */
export async function renderOtherRooms(uploads: UploadStorage): Promise<DemoPhoto[]> {
  const all = DEMO_EXTRA_KINDS.flatMap((kind) => Array.from({ length: DEMO_EXTRA_PALETTES }, (_, i) => [kind, i] as const));
  return mapLimited(all, 4, ([kind, i]) => renderDemoPhoto(uploads, `${kind}-${i + 1}`, () => otherRoomSvg(kind, i)));
}
