import { formatDate, formatMoney, roomPageMeta, ROUTES, TEXTS, type Listing } from '@roomnest/shared';
import { errorMessage, errorStatus, loginRedirectState, notify, selectCurrentUser, useHostSelector } from '@roomnest/shared/client';
import { AmenityIcon, amenityKeys, isListing, listingExpiry, ListingStatusBadge, PhotoGallery, SaveRoomButton, useSaveIntent } from '@roomnest/shared/listing';
import { ReportButton } from '@roomnest/shared/trust-ui';
import { Alert, Avatar, Button, ButtonLink, ConfirmDialog, LoadingState, Page, StatusMessage, usePageFocus, VerifiedMark } from '@roomnest/shared/ui';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useDeleteListingMutation, useGetListingQuery } from '../../api/search-api.ts';
import type { RoomDetailLinkState } from '../room-search/RoomCard.tsx';
import { ExpiredNotice } from './ExpiredNotice.tsx';
import s from './room-detail.module.css';

/**
 * The room page's hash for "back to contact the landlord": where a visitor who pressed Contact Landlord returns
 * after signing up and logging in. Contact Landlord then has the focus, with a word that it is ready.
 */
const CONTACT_HASH = '#contact';

/** The search the visitor came from, if the state holds one (a search URL, never anything else). */
function backHref(state: unknown): string {
  const from = (state as RoomDetailLinkState | null)?.from;
  if (typeof from === 'string' && /^\/(rooms|find-a-room)(\?|$)/.test(from)) return from;
  return ROUTES.rooms;
}

const depositText = (deposit: number | null) => (deposit === null ? 'Not specified' : deposit === 0 ? 'No deposit' : formatMoney(deposit));

/** /rooms/:id: one room's full advert, Contact Landlord, and for its landlord Edit and Delete. */
export default function RoomDetailPage() {
  const { id = '' } = useParams();
  const listingId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const { data, error, isLoading, isError, isSuccess, isFetching, refetch } = useGetListingQuery(listingId, {
    skip: listingId < 1,
    // Always check on arrival: the room may have changed (or gone) since it was cached.
    refetchOnMountOrArgChange: true,
  });
  // A 200 without a listing in it ({}, [], null) is a room that is not there, not a page to render.
  const listing = isListing(data) ? data : undefined;
  const emptyAnswer = isSuccess && !listing;
  const location = useLocation();
  const back = backHref(location.state);
  // A visitor who pressed the heart and logged in comes back with `?save=<id>`: saved once, then out of the URL.
  useSaveIntent();
  const user = useHostSelector(selectCurrentUser);
  const loggedIn = useHostSelector((st) => Boolean(st.auth.token && st.auth.user));
  const contactReady = Boolean(listing && loggedIn && location.hash === CONTACT_HASH && user?.userId !== listing.LandlordID);
  const headingRef = usePageFocus<HTMLHeadingElement>(Boolean(listing) && !contactReady);

  const backLink = (
    <p className={s.back}>
      <Link to={back}>
        <span aria-hidden="true">← </span>Back to search results
      </Link>
    </p>
  );

  if (listingId < 1 || emptyAnswer || (isError && errorStatus(error) === 404)) {
    return (
      <Page title={TEXTS.roomNotFound}>
        {backLink}
        <StatusMessage level={1} title={TEXTS.roomNotFound} action={<ButtonLink to={back}>Search rooms</ButtonLink>}>
          <p>It may have been let or taken down by its landlord.</p>
        </StatusMessage>
      </Page>
    );
  }
  if (isError && !listing) {
    return (
      <Page title="Room details">
        {backLink}
        <Alert>
          <p className={s.alertText}>{errorMessage(error, TEXTS.roomDetailsFailed)}</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }
  if (isLoading || !listing) {
    return (
      <Page title="Room details">
        {backLink}
        <LoadingState label="Loading room details…" />
      </Page>
    );
  }
  return (
    <Page title={listing.Title} description={roomPageMeta(listing).description}>
      {backLink}
      <RoomDetail listing={listing} headingRef={headingRef} contactReady={contactReady} />
    </Page>
  );
}

function RoomDetail({ listing, headingRef, contactReady }: { listing: Listing; headingRef: RefObject<HTMLHeadingElement | null>; contactReady: boolean }) {
  const user = useHostSelector(selectCurrentUser);
  const loggedIn = useHostSelector((st) => Boolean(st.auth.token && st.auth.user));
  const isOwner = Boolean(user && user.userId === listing.LandlordID);
  const navigate = useNavigate();
  const location = useLocation();
  const contactRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteListing, { isLoading: deleting }] = useDeleteListingMutation();
  const amenities = listing.Amenities.map((a) => ({ name: a.Name, key: amenityKeys([a])[0] }));
  // Only its owner is ever answered an expired listing; the check keeps the notice theirs alone all the same.
  const expired = isOwner && listingExpiry(listing.ExpiresAt).expired;
  // Only a public room can be saved. Anyone but its owner is only ever answered a public one; its owner sees it in
  // every state, and a heart there would only be refused.
  const savable = !isOwner || (listing.Status === 'Available' && !expired);

  useEffect(() => {
    if (contactReady) contactRef.current?.focus();
  }, [contactReady]);

  const contact = () => {
    if (!loggedIn) {
      notify.info(TEXTS.contactLandlordLogin);
      // To /signup (docs/product.md, Users and roles; the shell makes it /register), with this room in the router state: after
      // registering and logging in, the visitor comes back here (CONTACT_HASH) instead of to /pricing.
      void navigate(ROUTES.signup, { state: loginRedirectState({ pathname: location.pathname, search: location.search, hash: CONTACT_HASH }) });
      return;
    }
    // The chat opens about this room: it shows the room and drafts the enquiry.
    void navigate(ROUTES.enquiry(listing.LandlordID, listing.ListingID));
  };

  const remove = async () => {
    const result = await deleteListing(listing.ListingID);
    if ('error' in result) {
      setConfirming(false);
      notify.error(errorMessage(result.error, TEXTS.deleteRoomFailed));
      return;
    }
    notify.success(result.data?.message ?? 'Listing deleted.');
    void navigate(ROUTES.myListings);
  };

  return (
    <article className={s.detail} aria-labelledby="room-title">
      <header className={s.header}>
        <div className={s.titleRow}>
          <h1 id="room-title" ref={headingRef} tabIndex={-1} className={s.title}>
            {listing.Title}
          </h1>
          {savable ? <SaveRoomButton listing={listing} describedBy="room-title" /> : null}
        </div>
        <p className={s.address}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={s.pin}>
            <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="12" cy="10" r="2.3" fill="currentColor" />
          </svg>
          <span>
            {listing.Address}, {listing.City}, {listing.State} {listing.ZipCode}
          </span>
        </p>
        {isOwner && listing.Status !== 'Available' ? (
          <p className={s.ownerStatus}>
            <ListingStatusBadge status={listing.Status} /> Only you can see this listing while it is {listing.Status.toLowerCase()}.
          </p>
        ) : null}
        {expired ? <ExpiredNotice listing={listing} onRenewed={() => headingRef.current?.focus()} /> : null}
      </header>

      {/* Photos, then rent and contact, then the details: on phones in that order; on wider screens the rent card sits beside both. */}
      <div className={s.layout}>
        <div className={s.photoCell}>
          <PhotoGallery photos={listing.Photos ?? []} title={listing.Title} fallbackUrl={listing.ImageUrl} className={s.photo} />
        </div>

        <div className={s.main}>
          <section className={s.section} aria-labelledby="room-about">
            <h2 id="room-about" className={s.sectionTitle}>
              About this room
            </h2>
            {listing.Description ? <p className={s.description}>{listing.Description}</p> : <p className={s.muted}>The landlord has not added a description.</p>}
          </section>

          <section className={s.section} aria-labelledby="room-amenities">
            <h2 id="room-amenities" className={s.sectionTitle}>
              Amenities
            </h2>
            {amenities.length ? (
              <ul className={s.amenities}>
                {amenities.map((a) => (
                  <li key={a.name} className={s.amenity}>
                    <span className={s.amenityIcon}>{a.key ? <AmenityIcon amenity={a.key} /> : null}</span>
                    {a.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={s.muted}>No amenities listed.</p>
            )}
          </section>

          <section className={s.section} aria-labelledby="room-terms">
            <h2 id="room-terms" className={s.sectionTitle}>
              Tenancy and house rules
            </h2>
            <dl className={s.terms}>
              <div>
                <dt>Lease terms</dt>
                <dd>{listing.LeaseTerms || 'Ask the landlord'}</dd>
              </div>
              <div>
                <dt>Pet policy</dt>
                <dd>{listing.PetPolicy}</dd>
              </div>
              <div>
                <dt>Smoking policy</dt>
                <dd>{listing.SmokingPolicy}</dd>
              </div>
            </dl>
          </section>
        </div>

        <aside className={s.aside} aria-label="Rent and contact">
          <div className={s.summary}>
            <p className={s.rent}>
              <strong>{formatMoney(listing.Rent)}</strong> <span>/month</span>
            </p>
            <dl className={s.keyFacts}>
              <div>
                <dt>Room type</dt>
                <dd>{listing.RoomType}</dd>
              </div>
              <div>
                <dt>Available from</dt>
                <dd>{formatDate(listing.AvailableDate)}</dd>
              </div>
              <div>
                <dt>Deposit</dt>
                <dd>{depositText(listing.Deposit)}</dd>
              </div>
            </dl>

            {contactReady ? <Alert tone="success">{TEXTS.contactLandlordReady}</Alert> : null}
            <Button
              ref={contactRef}
              variant="accent"
              size="lg"
              block
              onClick={contact}
              disabled={isOwner}
              aria-describedby={isOwner ? 'contact-owner-hint' : undefined}
            >
              Contact Landlord
            </Button>
            {isOwner ? (
              <p id="contact-owner-hint" className={s.hint}>
                This is your listing.
              </p>
            ) : null}

            <div className={s.landlord}>
              <h2 className={s.landlordTitle}>Advertised by</h2>
              {listing.LandlordName ? (
                <div className={s.landlordCard}>
                  <Avatar src={listing.LandlordProfilePictureURL} name={listing.LandlordName} size={48} tone="solid" decorative />
                  <span className={s.landlordName}>{listing.LandlordName}</span>
                  <VerifiedMark verified={listing.LandlordEmailVerified} />
                </div>
              ) : (
                <p className={s.muted}>{TEXTS.landlordUnavailable}</p>
              )}
            </div>
          </div>

          {isOwner ? null : <ReportButton target={{ TargetType: 'listing', TargetID: listing.ListingID, Source: 'listing' }} subject="this listing" label="Report this listing" className={s.report} />}
          {isOwner ? (
            <div className={s.owner} role="group" aria-label="Manage your listing">
              <ButtonLink to={ROUTES.editRoom(listing.ListingID)} variant="secondary" block>
                Edit Listing
              </ButtonLink>
              <Button variant="danger" block onClick={() => setConfirming(true)}>
                Delete Listing
              </Button>
            </div>
          ) : null}
        </aside>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Delete this listing?"
        confirmLabel="Delete listing"
        busy={deleting}
        busyLabel="Deleting…"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>“{listing.Title}” will be removed from search and from your listings. This cannot be undone.</p>
      </ConfirmDialog>
    </article>
  );
}
