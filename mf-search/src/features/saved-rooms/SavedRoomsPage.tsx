import { ROUTES, type Listing } from '@roomnest/shared';
import { errorMessage } from '@roomnest/shared/client';
import { listingExpiry, useSavedListingsQuery } from '@roomnest/shared/listing';
import { Alert, Button, ButtonLink, LoadingState, Page, PageHeader, StatusMessage, usePageFocus } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { RoomCard } from '../room-search/RoomCard.tsx';
import s from './saved-rooms.module.css';

/**
 * Why a saved room is no longer advertised, or null while anyone may still see it (Available and not expired).
 * Pending is what a landlord sets once a room is let agreed.
 */
export function unavailableNotice(listing: Pick<Listing, 'Status' | 'ExpiresAt'>, now = Date.now()): string | null {
  if (listing.Status === 'Pending') return 'Let agreed';
  if (listing.Status !== 'Available') return 'No longer available';
  if (listingExpiry(listing.ExpiresAt, now).expired) return 'Expired';
  return null;
}

const count = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'room' : 'rooms'}`;

/**
 * /saved: the rooms the person saved, most recently saved first, each with its heart to remove it. A room that is
 * no longer advertised stays in its place and says why, without a link (its page is gone for everyone but its
 * landlord); a deleted room leaves the list.
 */
export default function SavedRoomsPage() {
  // Read afresh on arrival: rooms change (let, expired, deleted) while the list sits in the cache.
  const { data, error, isLoading, isError, isFetching, refetch } = useSavedListingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const headingRef = usePageFocus<HTMLHeadingElement>(true);
  const listings = data?.listings ?? [];
  const from = ROUTES.savedRooms;

  let body;
  if (isLoading) body = <LoadingState label="Loading your saved rooms…" />;
  else if (isError && !data)
    body = (
      <Alert>
        <p className={s.errorText}>{errorMessage(error, 'We could not load your saved rooms. Please try again.')}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </Alert>
    );
  else if (!listings.length)
    body = (
      <StatusMessage title="No saved rooms yet" action={<ButtonLink to={ROUTES.rooms}>Find a room</ButtonLink>}>
        <p>Press the heart on any room to keep it here and come back to it later.</p>
      </StatusMessage>
    );
  else
    body = (
      <>
        <p className={s.count} role="status">
          {count(listings.length)}, most recently saved first
        </p>
        <ul className={s.grid} aria-label="Saved rooms">
          {listings.map((listing) => {
            const notice = unavailableNotice(listing);
            return (
              <li key={listing.ListingID}>
                <RoomCard listing={listing} from={from} notice={notice ?? undefined} />
              </li>
            );
          })}
        </ul>
      </>
    );

  return (
    <Page title="Saved rooms">
      <PageHeader
        title="Saved rooms"
        subtitle={
          <>
            Rooms you have saved. Remove one with its heart. To be emailed about new rooms, see your <Link to={ROUTES.savedSearches}>saved searches</Link>.
          </>
        }
        headingRef={headingRef}
      />
      {body}
    </Page>
  );
}

