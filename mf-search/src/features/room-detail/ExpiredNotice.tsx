import { formatDate, LISTING_ACTIVE_DAYS, TEXTS, type Listing } from '@roomnest/shared';
import { errorMessage, notify } from '@roomnest/shared/client';
import { Button } from '@roomnest/shared/ui';
import { useId } from 'react';
import { useRenewListingMutation } from '../../api/search-api.ts';
import s from './room-detail.module.css';

/**
 * What the owner of an expired listing sees on its page: that it expired and
 * when, that nobody else can see it, and Renew (the listings api's renew call,
 * as on My listings). `onRenewed` runs once the server has renewed it; the
 * page's listing is then fetched again and this notice goes away.
 */
export function ExpiredNotice({ listing, onRenewed }: { listing: Listing; onRenewed: () => void }) {
  const titleId = useId();
  const [renew, { isLoading: renewing }] = useRenewListingMutation();

  const renewNow = async () => {
    const result = await renew(listing.ListingID);
    if ('error' in result) {
      notify.error(errorMessage(result.error, TEXTS.renewFailed));
      return;
    }
    notify.success(result.data.message);
    onRenewed();
  };

  return (
    <section className={s.expiredNotice} aria-labelledby={titleId}>
      <h2 id={titleId} className={s.expiredTitle}>
        This listing has expired
      </h2>
      <p className={s.expiredText}>
        It expired on {formatDate(listing.ExpiresAt)}. Only you can see it: it is not shown in search and nobody else can open this page.
        Renew it to list it for another {LISTING_ACTIVE_DAYS} days.
      </p>
      <Button variant="accent" size="sm" onClick={() => void renewNow()} disabled={renewing} aria-busy={renewing || undefined}>
        {renewing ? 'Renewing…' : 'Renew listing'}
      </Button>
    </section>
  );
}
