/** Inline SVG icons for the amenity keys of AMENITIES, drawn on a 24px grid with the current text colour. */
import type { ReactNode } from 'react';
import { AMENITIES, type Amenity, type AmenityKey } from '../domain.ts';
import s from './listing.module.css';

const PATHS: Record<AmenityKey, ReactNode> = {
  wifi: (
    <>
      <path d="M2.5 9a14 14 0 0 1 19 0" />
      <path d="M5.5 12.5a9.5 9.5 0 0 1 13 0" />
      <path d="M8.8 16a5 5 0 0 1 6.4 0" />
      <circle cx="12" cy="19.2" r="1.1" fill="currentColor" stroke="none" />
    </>
  ),
  parking: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3.5" />
      <path d="M9.5 17V7h3.6a3 3 0 0 1 0 6H9.5" />
    </>
  ),
  laundry: (
    <>
      <rect x="4" y="2.5" width="16" height="19" rx="2.5" />
      <path d="M4 7h16" />
      <circle cx="12" cy="14" r="4.2" />
      <path d="M7 4.8h.01M9.5 4.8h.01" />
    </>
  ),
  furnished: (
    <>
      <path d="M5 11V8.5A2.5 2.5 0 0 1 7.5 6h9A2.5 2.5 0 0 1 19 8.5V11" />
      <path d="M3 13a2 2 0 0 1 4 0v2h10v-2a2 2 0 0 1 4 0v4.5H3z" />
      <path d="M5 17.5V20M19 17.5V20" />
    </>
  ),
  air_conditioning: (
    <>
      <path d="M12 2.5v19M3.8 7.25l16.4 9.5M3.8 16.75l16.4-9.5" />
      <path d="m9.5 4 2.5 2 2.5-2M9.5 20l2.5-2 2.5 2" />
    </>
  ),
  heating: <path d="M12 21.5c-3.9 0-6.5-2.6-6.5-6.1 0-4.2 4-6.3 4.4-11 2.7 1.9 4.6 4.4 4.9 7.3.9-.7 1.5-1.8 1.6-3 1.4 1.6 2.1 3.6 2.1 5.7 0 4-2.8 7.1-6.5 7.1z" />,
  kitchen_access: (
    <>
      <path d="M7 2.5v6.5a2 2 0 0 0 2 2v10.5M11 2.5V9a2 2 0 0 1-2 2M9 2.5v5" />
      <path d="M17 21.5V14h-2.5V7a4.5 4.5 0 0 1 4.5-4.5v19" />
    </>
  ),
  private_bathroom: (
    <>
      <path d="M3 12h18v2.5a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5z" />
      <path d="M6 12V5.5A2.5 2.5 0 0 1 8.5 3a2.5 2.5 0 0 1 2.4 1.8" />
      <path d="M7 19.5 6 21.5M17 19.5l1 2" />
    </>
  ),
  bills_included: (
    <>
      <path d="M5 2.5h14v19l-2.3-1.5-2.4 1.5-2.3-1.5-2.3 1.5L7.3 20 5 21.5z" />
      <path d="M14.5 8.2a2.4 2.4 0 0 0-4.2 1.5c0 2.3.9 3.3-.8 5.3h5.6M9.2 12h4" />
    </>
  ),
};

const NAMES = new Map<string, AmenityKey>(AMENITIES.map((a) => [a.name.toLowerCase(), a.key]));

/** The display name of an amenity key ('bills_included' -> 'Bills Included'). */
export const amenityName = (key: AmenityKey): string => AMENITIES.find((a) => a.key === key)?.name ?? key;

/** The amenity keys of a listing's `Amenities` (the API sends names). Unknown names are left out. */
export function amenityKeys(amenities: readonly Pick<Amenity, 'Name'>[] | null | undefined): AmenityKey[] {
  return (amenities ?? []).map((a) => NAMES.get(a.Name.trim().toLowerCase())).filter((k): k is AmenityKey => k !== undefined);
}

/**
 * One amenity's icon. With `label` it is an image named after the amenity
 * (icon-only use, e.g. room cards); without it, decoration beside visible text.
 */
export function AmenityIcon({ amenity, label = false, className }: { amenity: AmenityKey; label?: boolean; className?: string }) {
  const name = amenityName(amenity);
  return (
    <svg
      className={className ? `${s.icon} ${className}` : s.icon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-amenity={amenity}
      {...(label ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
    >
      {label ? <title>{name}</title> : null}
      {PATHS[amenity]}
    </svg>
  );
}
