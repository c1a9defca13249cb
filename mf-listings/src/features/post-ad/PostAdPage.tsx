import { ROUTES, TEXTS } from '@roomnest/shared';
import { errorMessage, errorStatus, notify, selectCurrentUser, useHostDispatch, useHostSelector, useUpload } from '@roomnest/shared/client';
import { listingPosted, type ListingCreated } from '@roomnest/shared/listing';
import { Alert, LoadingState, Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useGetPlanUsageQuery } from '../../api/listings-api.ts';
import { EMPTY_LISTING_FORM } from '../listing-form/form-values.ts';
import { ListingForm } from '../listing-form/ListingForm.tsx';
import { atListingLimit, PlanLimitNotice } from './PlanLimitNotice.tsx';
import { PostingTips } from './PostingTips.tsx';
import s from './post-ad.module.css';

/** /post-ad (landlords): advertise a new room; on success, straight to the new advert. */
export default function PostAdPage() {
  // Sent with progress (the photos may be megabytes), then the listings' cache refreshed as the mutation would.
  const upload = useUpload();
  const dispatch = useHostDispatch();
  const navigate = useNavigate();
  const user = useHostSelector(selectCurrentUser);
  const headingRef = usePageFocus<HTMLHeadingElement>();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Checked on arrival, before any typing: a landlord at the plan's limit is told instead of shown the form.
  // If the check fails, the form shows and the server still refuses a post over the limit (403, shown below).
  const usage = useGetPlanUsageQuery(undefined, { skip: !user, refetchOnMountOrArgChange: true });

  const submit = async (body: FormData, onProgress: (sent: number) => void) => {
    setRefusal(null);
    const result = await upload<ListingCreated>({ url: '/listings', body, onProgress });
    if ('error' in result) {
      const message = errorMessage(result.error, TEXTS.postFailed);
      notify.error(message);
      // A landlord refused with a 403 has reached the plan's listing limit: say so where it stays visible, with the way out.
      if (errorStatus(result.error) === 403 && user?.userType === 'Landlord') setRefusal(message);
      return result.error;
    }
    dispatch(listingPosted());
    notify.success(result.data.message || 'Your room has been listed.');
    void navigate(ROUTES.room(result.data.listingId));
    return null;
  };

  return (
    <Page title="List your room">
      <PageHeader
        headingRef={headingRef}
        title="List your room"
        subtitle="Advertise a room to tenants: give its address, rent, deposit, move-in date, amenities and house rules, and add photos."
      />
      <div className={s.layout}>
        {usage.isLoading ? (
          <LoadingState label="Checking your plan…" />
        ) : atListingLimit(usage.data) ? (
          <PlanLimitNotice usage={usage.data!} />
        ) : (
          <ListingForm
            mode="create"
            initial={EMPTY_LISTING_FORM}
            submitLabel="Post your ad"
            busyLabel="Posting…"
            cancelHref={ROUTES.myListings}
            onSubmit={submit}
            notice={
              refusal ? (
                <Alert>
                  {refusal} <Link to={ROUTES.pricing}>Compare plans and upgrade</Link>
                </Alert>
              ) : null
            }
          />
        )}
        <PostingTips plan={user?.plan} />
      </div>
    </Page>
  );
}
