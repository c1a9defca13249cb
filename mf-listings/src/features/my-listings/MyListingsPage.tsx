import { ROUTES, TEXTS, type MyListing } from '@roomnest/shared';
import { errorMessage, errorStatus, notify } from '@roomnest/shared/client';
import { Alert, Button, ButtonLink, ConfirmDialog, LoadingState, Page, PageHeader, StatusMessage, usePageFocus } from '@roomnest/shared/ui';
import { listingExpiry } from '@roomnest/shared/listing';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteListingMutation, useGetPlanUsageQuery, useMyListingsQuery, useMyListingsStatsQuery } from '../../api/listings-api.ts';
import { ListingRow } from './ListingRow.tsx';
import s from './my-listings.module.css';

/** /my-listings (landlords): every advert of the signed-in landlord, newest first, with status, renewal, edit and delete. */
export default function MyListingsPage() {
  const navigate = useNavigate();
  // Always fresh on arrival; a change made on any page refreshes it through the one cache's 'Listing' tags.
  const { data, error, isLoading, isError, isFetching, refetch } = useMyListingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [deleteListing, { isLoading: deleting }] = useDeleteListingMutation();
  // The plan's listing limit beside the list: what posting another room depends on (refreshed by every change).
  const { data: usage } = useGetPlanUsageQuery(undefined, { refetchOnMountOrArgChange: true });
  // Each listing's views and enquiries a day, for its chart; the list shows without them until they arrive.
  const stats = useMyListingsStatsQuery(undefined, { refetchOnMountOrArgChange: true });
  const daysOf = new Map(stats.data?.listings.map((l) => [l.ListingID, l.Days]));
  const [toDelete, setToDelete] = useState<MyListing | null>(null);
  const headingRef = usePageFocus<HTMLHeadingElement>();

  // A non-landlord (the shell's guard normally stops them first) is told and sent home.
  const denied = isError && errorStatus(error) === 403;
  useEffect(() => {
    if (!denied) return;
    notify.error(TEXTS.myListingsDenied);
    void navigate(ROUTES.home, { replace: true });
  }, [denied, navigate]);

  const remove = async () => {
    if (!toDelete) return;
    const result = await deleteListing(toDelete.ListingID);
    setToDelete(null);
    if ('error' in result) notify.error(errorMessage(result.error, TEXTS.deleteListingFailed));
    else notify.success(result.data.message || 'Listing deleted.');
  };

  const listings = data?.listings ?? [];
  const live = listings.filter((l) => l.Status === 'Available' && !listingExpiry(l.ExpiresAt).expired).length;

  let content;
  if (isLoading || denied) content = <LoadingState label="Loading your listings…" />;
  else if (isError && !data)
    content = (
      <Alert>
        <p className={s.alertText}>{errorMessage(error, TEXTS.myListingsFailed)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </Alert>
    );
  else if (listings.length === 0)
    content = (
      <StatusMessage
        title="You have no listings yet"
        action={
          <ButtonLink to={ROUTES.postAd} variant="accent" size="lg">
            List your first room
          </ButtonLink>
        }
      >
        <p>Rooms you advertise appear here, where you can change their status, renew, edit or delete them.</p>
      </StatusMessage>
    );
  else
    content = (
      <>
        <p className={s.summary} aria-live="polite">
          {listings.length} {listings.length === 1 ? 'listing' : 'listings'}, {live} in search
          {usage ? (
            <>
              {' · '}
              {usage.listings.limit === null
                ? `Your ${usage.plan} plan: unlimited active listings`
                : `Your ${usage.plan} plan: ${usage.listings.active} of ${usage.listings.limit} active ${usage.listings.limit === 1 ? 'listing' : 'listings'} used`}{' '}
              (<Link to={ROUTES.pricing}>compare plans</Link>)
            </>
          ) : null}
        </p>
        <ul className={s.list} aria-busy={isFetching}>
          {listings.map((listing) => (
            <li key={listing.ListingID}>
              <ListingRow listing={listing} days={daysOf.get(listing.ListingID)} onDelete={() => setToDelete(listing)} />
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <Page title="Manage my ads">
      <div className={s.head}>
        <PageHeader
          headingRef={headingRef}
          title="Manage my ads"
          subtitle="Every room you advertise, newest first: set each one to Available, Pending or Unavailable, edit it or remove it."
        />
        <ButtonLink to={ROUTES.postAd} variant="accent">
          List another room
        </ButtonLink>
      </div>
      {content}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this listing?"
        confirmLabel="Delete listing"
        busy={deleting}
        busyLabel="Deleting…"
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      >
        <p>“{toDelete?.Title}” will be removed from search and from your listings. This cannot be undone.</p>
      </ConfirmDialog>
    </Page>
  );
}
