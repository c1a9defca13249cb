import type { Download } from '@roomnest/shared';
import logoPackageZip from '../../assets/media-kit/roomnest-logo-package.zip?url';
import mediaPhotosZip from '../../assets/media-kit/roomnest-media-photos.zip?url';
import brandGuidelinesPdf from '../../assets/media-kit/roomnest-brand-guidelines.pdf?url';
import sizes from '../../assets/media-kit/media-kit.json';

/**
 * The media kit (each download has a name, description and format): real
 * files, made by scripts/generate-media-kit.mjs and served as this remote's
 * own versioned assets, so each release of mf-content carries its kit.
 */
export interface MediaKitFile extends Download {
  /** The asset's URL in this build. */
  href: string;
  /** The name the browser saves it under. */
  fileName: keyof typeof sizes;
  bytes: number;
}

export const MEDIA_KIT: readonly MediaKitFile[] = [
  {
    name: 'Brand Guidelines',
    description: 'Our name, logo, colours, typography and voice, with the company boilerplate and key facts.',
    format: 'PDF',
    href: brandGuidelinesPdf,
    fileName: 'roomnest-brand-guidelines.pdf',
    bytes: sizes['roomnest-brand-guidelines.pdf'],
  },
  {
    name: 'Logo Package',
    description: 'The RoomNest logo in full colour and white, and the mark on its own, as SVG and transparent PNG.',
    format: 'ZIP',
    href: logoPackageZip,
    fileName: 'roomnest-logo-package.zip',
    bytes: sizes['roomnest-logo-package.zip'],
  },
  {
    name: 'Media Photos',
    description: 'Seven RoomNest illustrations of renting in the UK, as 1200-pixel JPEGs, free for editorial use with credit.',
    format: 'ZIP',
    href: mediaPhotosZip,
    fileName: 'roomnest-media-photos.zip',
    bytes: sizes['roomnest-media-photos.zip'],
  },
];

/** 25 KB, 192 KB, 1.2 MB */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
