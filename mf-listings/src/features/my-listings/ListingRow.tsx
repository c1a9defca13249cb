import { formatMoney, LISTING_STATUSES, ROUTES, TEXTS, type ListingDayFigures, type ListingStatus, type MyListing } from '@roomnest/shared';
import { errorMessage, notify } from '@roomnest/shared/client';
import { listingCardSources, ListingImage, listingExpiry, ListingStatusBadge } from '@roomnest/shared/listing';
import { Button, ButtonLink, Options } from '@roomnest/shared/ui';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useRenewListingMutation, useUpdateStatusMutation } from '../../api/listings-api.ts';
import { ListingStats } from './ListingStats.tsx';
import { RemovedNote } from './RemovedNote.tsx';
import s from './my-listings.module.css';

/**
 * One of the landlord's listings: photo, title, rent, its views and enquiries (with the chart of the last days when
 * `days` has arrived), status badge, expiry (with Renew), the status select, and View / Edit / Delete.
 */
export function ListingRow({ listing, days, onDelete }: { listing: MyListing; days?: readonly ListingDayFigures[]; onDelete: () => void }) {
  const titleId = useId();
  const selectId = useId();
  const [chosen, setChosen] = useState<ListingStatus>(listing.Status);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [updateStatus, { isLoading: updating }] = useUpdateStatusMutation();
  const [renew, { isLoading: renewing }] = useRenewListingMutation();
  const expiry = listingExpiry(listing.ExpiresAt);
  const changed = chosen !== listing.Status;

  const update = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed) {
      setStatusError(TEXTS.selectNewStatus);
      return;
    }
    setStatusError(null);
    const result = await updateStatus({ id: listing.ListingID, Status: chosen });
    if ('error' in result) notify.error(errorMessage(result.error, TEXTS.statusUpdateFailed));
    else notify.success(result.data.message || `Status updated to ${chosen}.`);
  };

  const renewNow = async () => {
    const result = await renew(listing.ListingID);
    if ('error' in result) notify.error(errorMessage(result.error, TEXTS.renewFailed));
    else notify.success(result.data.message);
  };

  return (
    <article className={s.row} aria-labelledby={titleId}>
      <Link to={ROUTES.room(listing.ListingID)} className={s.thumb} tabIndex={-1} aria-hidden="true">
        {/* The row's thumbnail column is 8 to 10rem wide: the 320 copy, or the 640 on a 2x screen. */}
        <ListingImage {...listingCardSources(listing)} sizes="10rem" alt="" />
      </Link>

      <div className={s.info}>
        <h2 id={titleId} className={s.title}>
          {listing.Title}
        </h2>
        <p className={s.meta}>
          <strong>{formatMoney(listing.Rent)}</strong>/month · {listing.Address}, {listing.City}
        </p>
        <p className={s.figures} data-testid="listing-figures">
          <strong>{listing.Views.toLocaleString('en-GB')}</strong> {listing.Views === 1 ? 'view' : 'views'} ·{' '}
          <strong>{listing.Enquiries.toLocaleString('en-GB')}</strong> {listing.Enquiries === 1 ? 'enquiry' : 'enquiries'}
        </p>
        {days ? <ListingStats title={listing.Title} days={days} /> : null}
        <div className={s.badges}>
          <ListingStatusBadge status={listing.Status} />
          <span className={expiry.expired ? `${s.expiry} ${s.expired}` : s.expiry}>{expiry.label}</span>
          {/* A removed listing stays hidden whatever its expiry: the server refuses to renew it. */}
          {expiry.renewable && !listing.RemovedAt ? (
            <Button variant="secondary" size="sm" onClick={() => void renewNow()} disabled={renewing} aria-describedby={titleId}>
              {renewing ? 'Renewing…' : 'Renew'}
            </Button>
          ) : null}
        </div>
        {listing.RemovedAt ? <RemovedNote /> : null}
        {expiry.expired && !listing.RemovedAt ? <p className={s.expiredNote}>Expired listings are not shown in search. Renew to list it for another 30 days.</p> : null}
      </div>

      <form className={s.statusForm} onSubmit={(e) => void update(e)} aria-label={`Status of ${listing.Title}`}>
        <label htmlFor={selectId} className={s.statusLabel}>
          Status
        </label>
        <div className={s.statusControls}>
          <select
            id={selectId}
            className={s.select}
            value={chosen}
            onChange={(e) => {
              setChosen(e.target.value as ListingStatus);
              setStatusError(null);
            }}
            aria-describedby={statusError ? `${selectId}-error` : undefined}
          >
            <Options choices={LISTING_STATUSES} />
          </select>
          <Button type="submit" size="sm" disabled={!changed || updating}>
            {updating ? 'Updating…' : 'Update'}
          </Button>
        </div>
        {statusError ? (
          <p id={`${selectId}-error`} className={s.statusError} role="alert">
            {statusError}
          </p>
        ) : null}
      </form>

      <div className={s.actions}>
        <ButtonLink to={ROUTES.room(listing.ListingID)} variant="ghost" size="sm" aria-describedby={titleId}>
          View
        </ButtonLink>
        <ButtonLink to={ROUTES.editRoom(listing.ListingID)} variant="ghost" size="sm" aria-describedby={titleId}>
          Edit
        </ButtonLink>
        <Button variant="ghost" size="sm" className={s.delete} onClick={onDelete} aria-describedby={titleId}>
          Delete
        </Button>
      </div>
    </article>
  );
}
