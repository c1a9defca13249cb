import { formatDate, LISTING_ACTIVE_DAYS, PLAN_TEXTS, PLANS, ROUTES, type PlanUsage } from '@roomnest/shared';
import { ButtonLink } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import s from './post-ad.module.css';

/** Whether the landlord already has as many unexpired listings as the plan allows (posting would answer 403). */
export function atListingLimit(usage: PlanUsage | undefined): boolean {
  const limit = usage?.listings.limit ?? null;
  return usage !== undefined && limit !== null && usage.listings.active >= limit;
}

/** The plans above `plan` that allow more listings, as 'Premium allows up to 5, Professional as many as you like'. */
function upgrades(usage: PlanUsage): string {
  const current = PLANS.findIndex((p) => p.name === usage.plan);
  const limit = usage.listings.limit ?? Infinity;
  return PLANS.slice(current + 1)
    .filter((p) => p.listingLimit === null || p.listingLimit > limit)
    .map((p) => `${p.label} ${p.listingLimit === null ? 'as many as you like' : `up to ${p.listingLimit}`}`)
    .join(', ');
}

/**
 * Shown on arrival at /post-ad instead of the form when the plan's limit is reached, so nobody fills in a whole
 * advert to be refused: what the limit is, and the three ways on (delete one, wait for one to expire, upgrade).
 */
export function PlanLimitNotice({ usage }: { usage: PlanUsage }) {
  const { limit, active, nextExpiresAt } = usage.listings;
  const more = upgrades(usage);
  return (
    <section className={s.limit} aria-labelledby="plan-limit-title">
      <h2 id="plan-limit-title" className={s.limitTitle}>
        You have reached your plan’s listing limit
      </h2>
      <p>
        {PLAN_TEXTS.listingLimitReached(usage.plan, limit ?? active)} Every listing that has not expired counts, whatever its status. To post another
        room:
      </p>
      <ul className={s.ways}>
        <li>
          <strong>Delete a listing</strong> you no longer need in <Link to={ROUTES.myListings}>Manage My Ads</Link>. Marking it Unavailable does not free
          its place.
        </li>
        <li>
          <strong>Wait until one expires:</strong> listings stay active for {LISTING_ACTIVE_DAYS} days
          {nextExpiresAt ? `, and your next one expires on ${formatDate(nextExpiresAt)}` : ''}.
        </li>
        {more ? (
          <li>
            <strong>Upgrade your plan:</strong> {more}. <Link to={ROUTES.pricing}>Compare plans</Link>
          </li>
        ) : null}
      </ul>
      <div className={s.limitActions}>
        <ButtonLink to={ROUTES.myListings} variant="primary">
          Manage My Ads
        </ButtonLink>
        {more ? (
          <ButtonLink to={ROUTES.pricing} variant="secondary">
            Compare plans
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}
