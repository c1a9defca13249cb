import { ROUTES, TEXTS } from '@roomnest/shared';
import { errorMessage, errorStatus, notify, selectCurrentUser, useHostSelector } from '@roomnest/shared/client';
import { isListing } from '@roomnest/shared/listing';
import { Alert, ButtonLink, LoadingState, Page, PageHeader, StatusMessage, usePageFocus } from '@roomnest/shared/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useGetListingQuery, useUpdateListingMutation } from '../../api/listings-api.ts';
import { listingToForm } from '../listing-form/form-values.ts';
import { ListingForm } from '../listing-form/ListingForm.tsx';

const NOT_OWNER = 'Only the landlord who posted this listing can change it.';

/** /rooms/:id/edit (the listing's landlord): change an existing advert, its photos or its status. */
export default function EditListingPage() {
  const { id = '' } = useParams();
  const listingId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const user = useHostSelector(selectCurrentUser);
  const navigate = useNavigate();
  const { data, error, isError, isSuccess } = useGetListingQuery(listingId, { skip: listingId < 1, refetchOnMountOrArgChange: true });
  // A 200 without a listing in it ({}, [], null) cannot be edited either.
  const listing = isListing(data) ? data : undefined;
  const [updateListing] = useUpdateListingMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingRef = usePageFocus<HTMLHeadingElement>(Boolean(listing));

  // docs/product.md, Errors: a listing that cannot be loaded is reported and the landlord goes back to the search.
  // A 401 is the session expiring: the shell takes the user to /login instead.
  const loadFailed = listingId < 1 || (isSuccess && !listing) || (isError && errorStatus(error) !== 401);
  useEffect(() => {
    if (!loadFailed) return;
    notify.error(TEXTS.editLoadFailed);
    void navigate(ROUTES.rooms, { replace: true });
  }, [loadFailed, navigate]);

  const backLink = (
    <p>
      <Link to={ROUTES.room(id)}>
        <span aria-hidden="true">← </span>Back to the advert
      </Link>
    </p>
  );

  if (!listing) {
    return (
      <Page title="Edit listing">
        {backLink}
        <LoadingState label="Loading your listing…" />
      </Page>
    );
  }

  if (user && listing.LandlordID !== user.userId) {
    return (
      <Page title="Edit listing">
        {backLink}
        <PageHeader headingRef={headingRef} title="Edit listing" />
        <StatusMessage title="This is not your listing" action={<ButtonLink to={ROUTES.myListings}>Go to your listings</ButtonLink>}>
          <p>{NOT_OWNER}</p>
        </StatusMessage>
      </Page>
    );
  }

  const submit = async (body: FormData) => {
    setRefusal(null);
    const result = await updateListing({ id: listing.ListingID, body });
    if ('error' in result) {
      const message = errorMessage(result.error, TEXTS.updateFailed);
      notify.error(message);
      const status = errorStatus(result.error);
      if (status === 403 || status === 404) setRefusal(status === 404 ? `${message} It may have been deleted.` : message);
      return result.error;
    }
    notify.success(result.data.message || 'Listing updated.');
    void navigate(ROUTES.room(listing.ListingID));
    return null;
  };

  return (
    <Page title="Edit listing">
      {backLink}
      <PageHeader headingRef={headingRef} title="Edit listing" subtitle={`Change the details, photos or status of “${listing.Title}”.`} />
      <ListingForm
        key={listing.ListingID}
        mode="edit"
        initial={listingToForm(listing)}
        listing={listing}
        submitLabel="Save changes"
        busyLabel="Saving…"
        cancelHref={ROUTES.room(listing.ListingID)}
        onSubmit={submit}
        notice={refusal ? <Alert>{refusal}</Alert> : null}
      />
    </Page>
  );
}
