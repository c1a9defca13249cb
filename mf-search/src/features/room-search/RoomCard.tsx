import { formatDate, formatMoney, ROUTES, SNIPPET_LENGTH, snippet, type AmenityKey, type Listing } from '@roomnest/shared';
import { AmenityIcon, amenityKeys, listingCardSources, ListingImage, SaveRoomButton } from '@roomnest/shared/listing';
import { Badge, VerifiedMark } from '@roomnest/shared/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import s from './room-card.module.css';

/** The amenities a room card shows as icons (docs/product.md, Screens), in this order, when the room has them. */
export const CARD_AMENITIES: readonly AmenityKey[] = ['wifi', 'bills_included', 'furnished', 'parking'];

export interface RoomDetailLinkState {
  /** The search the visitor came from (path and query), for the detail page's back link. */
  from?: string;
}

export interface RoomCardProps {
  listing: Listing;
  /** Where the room page's back link returns to. */
  from: string;
  /**
   * Why the room is no longer advertised ("Let agreed", "Expired"), shown on the card (the Saved rooms page). Such a
   * room has no page to open, so the card then has no link.
   */
  notice?: string | undefined;
}

/**
 * One room: photo, rent, its heart, title, where, type, when, four amenity icons, a snippet and who advertises it.
 * Search results and the Saved rooms page show the same card.
 */
export function RoomCard({ listing, from, notice }: RoomCardProps) {
  const titleId = useId();
  const has = new Set(amenityKeys(listing.Amenities));
  const icons = CARD_AMENITIES.filter((k) => has.has(k));
  const state: RoomDetailLinkState = { from };
  return (
    <article className={s.card} aria-labelledby={titleId}>
      <div className={s.media}>
        {/* One column below 960 px (the whole width), else a grid of cards at least 15rem wide. */}
        <ListingImage {...listingCardSources(listing)} sizes="(max-width: 959px) 100vw, 320px" alt={`Photo of ${listing.Title}`} />
        <p className={s.price}>
          <strong>{formatMoney(listing.Rent)}</strong>
          <span>/month</span>
        </p>
        <div className={s.save}>
          <SaveRoomButton listing={listing} describedBy={titleId} />
        </div>
      </div>
      <div className={s.body}>
        {notice ? (
          <p className={s.notice}>
            <Badge tone="grey">{notice}</Badge>
          </p>
        ) : null}
        <h3 id={titleId} className={s.title}>
          {listing.Title}
        </h3>
        <p className={s.address}>
          {listing.Address}, {listing.City}
        </p>
        <ul className={s.facts}>
          <li>
            <span className="visually-hidden">Room type: </span>
            {listing.RoomType} room
          </li>
          <li>Available from {formatDate(listing.AvailableDate)}</li>
        </ul>
        {icons.length ? (
          <ul className={s.amenities} aria-label="Amenities">
            {icons.map((k) => (
              <li key={k} className={s.amenity}>
                <AmenityIcon amenity={k} label />
              </li>
            ))}
          </ul>
        ) : null}
        {listing.Description ? <p className={s.snippet}>{snippet(listing.Description, SNIPPET_LENGTH.roomDescription)}</p> : null}
        <div className={s.footer}>
          {listing.LandlordName ? (
            <p className={s.landlord}>
              Advertised by {listing.LandlordName} <VerifiedMark verified={listing.LandlordEmailVerified} />
            </p>
          ) : (
            <span />
          )}
          {notice ? null : (
            <Link className={s.link} to={ROUTES.room(listing.ListingID)} state={state} aria-describedby={titleId}>
              View Details
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
