import kitchenLiving from '../../../assets/hero/kitchen-living.svg';
import londonTerraces from '../../../assets/hero/london-terraces.svg';
import sharedFlat from '../../../assets/hero/shared-flat.svg';
import skylineDusk from '../../../assets/hero/skyline-dusk.svg';

/** The Home hero's background illustrations (four, rotating every 5 s: docs/product.md, Constants). Small SVG files, no network beyond the remote's own assets. */
export const HERO_IMAGES = [
  { src: londonTerraces, name: 'London terraces' },
  { src: sharedFlat, name: 'A bright shared flat' },
  { src: skylineDusk, name: 'The London skyline at dusk' },
  { src: kitchenLiving, name: 'A kitchen and living room' },
] as const;
