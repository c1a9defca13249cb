/**
 * Demo profile pictures without a network: friendly abstract portraits (a
 * head and shoulders with one of several hair shapes, over a soft two-tone
 * background with a large initial-like circle motif) in varied palettes and
 * skin tones, drawn as SVG and rendered by sharp like an uploaded profile
 * picture (a 400×400 JPEG). They go to `demo-avatars/` of the upload storage, which
 * account deletion never touches, so many demo seekers can share one.
 */
import sharp from 'sharp';
import { PROFILE_PICTURE_PX, profilePictureCopy } from '../uploads/images.ts';
import { uploadPath, type UploadStorage } from '../uploads/storage.ts';

export const DEMO_AVATAR_FOLDER = 'demo-avatars';
export const DEMO_AVATAR_COUNT = 40;

const BACKGROUNDS = [
  ['#dbeafe', '#93c5fd'],
  ['#fde68a', '#f59e0b'],
  ['#d1fae5', '#6ee7b7'],
  ['#fce7f3', '#f9a8d4'],
  ['#ede9fe', '#c4b5fd'],
  ['#ffedd5', '#fdba74'],
  ['#e0f2fe', '#7dd3fc'],
  ['#f1f5f9', '#cbd5e1'],
  ['#ecfccb', '#bef264'],
  ['#fee2e2', '#fca5a5'],
] as const;
const SKIN = ['#f6d7c3', '#eac0a2', '#d9a27e', '#b97c56', '#8d5a3b', '#5e3b27'] as const;
const HAIR = ['#2b1d14', '#4a2f1f', '#7a4a2a', '#b5793d', '#d9b36c', '#1f1f1f', '#8c8c8c', '#a3412a'] as const;
const TOPS = ['#2563eb', '#059669', '#db2777', '#7c3aed', '#ea580c', '#0f766e', '#334155', '#b91c1c', '#ca8a04'] as const;

function hairShape(style: number, colour: string): { back: string; front: string } {
  switch (style % 5) {
    case 0: // short crop
      return { back: '', front: `<path d="M138 178 Q140 110 200 104 Q262 110 262 178 Q250 140 200 136 Q152 140 138 178 Z" fill="${colour}"/>` };
    case 1: // long, past the shoulders
      return {
        back: `<path d="M128 190 Q122 100 200 96 Q278 100 272 190 L286 300 Q200 318 114 300 Z" fill="${colour}"/>`,
        front: `<path d="M136 186 Q140 108 200 104 Q260 108 264 186 Q236 132 200 132 Q166 134 136 186 Z" fill="${colour}"/>`,
      };
    case 2: // curls
      return {
        back: `<g fill="${colour}">${[0, 1, 2, 3, 4, 5, 6, 7, 8]
          .map((i) => `<circle cx="${140 + i * 15}" cy="${120 + Math.abs(4 - i) * 8}" r="28"/>`)
          .join('')}</g>`,
        front: '',
      };
    case 3: // bun
      return {
        back: `<circle cx="200" cy="88" r="30" fill="${colour}"/>`,
        front: `<path d="M138 176 Q138 106 200 104 Q262 106 262 176 Q240 130 200 128 Q160 130 138 176 Z" fill="${colour}"/>`,
      };
    default: // side parting
      return { back: '', front: `<path d="M136 184 Q132 104 204 102 Q268 106 264 170 Q230 126 170 142 Q150 150 136 184 Z" fill="${colour}"/>` };
  }
}

/** The SVG of avatar `index`: palette, skin, hair and clothes vary with it. */
export function avatarSvg(index: number): string {
  const [bg, accent] = BACKGROUNDS[index % BACKGROUNDS.length]!;
  const skin = SKIN[(index * 7 + 3) % SKIN.length]!;
  const hair = HAIR[(index * 5 + 1) % HAIR.length]!;
  const top = TOPS[(index * 3 + 2) % TOPS.length]!;
  const { back, front } = hairShape(Math.floor(index / 2) + index, hair);
  const glasses = index % 4 === 1;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="${bg}"/>
  <circle cx="${index % 2 ? 320 : 80}" cy="${index % 3 ? 70 : 330}" r="120" fill="${accent}" opacity="0.55"/>
  ${back}
  <path d="M70 400 Q78 292 200 282 Q322 292 330 400 Z" fill="${top}"/>
  <path d="M176 250 H224 V292 Q200 306 176 292 Z" fill="${skin}"/>
  <ellipse cx="200" cy="186" rx="64" ry="76" fill="${skin}"/>
  ${front}
  <circle cx="176" cy="192" r="6" fill="#2b2b2b"/>
  <circle cx="224" cy="192" r="6" fill="#2b2b2b"/>
  ${glasses ? '<g fill="none" stroke="#2b2b2b" stroke-width="4"><circle cx="176" cy="192" r="17"/><circle cx="224" cy="192" r="17"/><path d="M193 192 H207"/></g>' : ''}
  <path d="M180 224 Q200 240 220 224" fill="none" stroke="#7a3b2e" stroke-width="5" stroke-linecap="round"/>
  <circle cx="160" cy="214" r="9" fill="#e8837a" opacity="0.35"/>
  <circle cx="240" cy="214" r="9" fill="#e8837a" opacity="0.35"/>
</svg>`;
}

/** Renders the avatars (unless already there) and answers their `/uploads/...` paths. */
export async function renderAvatars(uploads: UploadStorage, count = DEMO_AVATAR_COUNT): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const key = `${DEMO_AVATAR_FOLDER}/avatar-${String(index + 1).padStart(2, '0')}.jpg`;
      if (!(await uploads.exists(key))) {
        const jpeg = await profilePictureCopy(sharp(Buffer.from(avatarSvg(index)), { density: 72 * (PROFILE_PICTURE_PX / 400) })).toBuffer();
        await uploads.put(key, jpeg, { overwrite: true });
      }
      return uploadPath(key);
    }),
  );
}
