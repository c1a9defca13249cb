import { LISTING_ACTIVE_DAYS, PLANS, ROUTES, type PlanName } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import s from './post-ad.module.css';

const allowance = (plan: PlanName | undefined) => {
  const info = PLANS.find((p) => p.name === plan) ?? PLANS[0]!;
  const limit = info.listingLimit === null ? 'unlimited active listings' : `${info.listingLimit} active ${info.listingLimit === 1 ? 'listing' : 'listings'}`;
  return { label: info.label, limit };
};

/** What a landlord should know before posting: the plan's allowance, how long a listing lasts, what shows in search. */
export function PostingTips({ plan }: { plan: PlanName | undefined }) {
  const { label, limit } = allowance(plan);
  return (
    <aside className={s.tips} aria-labelledby="posting-tips-title">
      <h2 id="posting-tips-title" className={s.tipsTitle}>
        Before you post
      </h2>
      <ul className={s.tipList}>
        <li>
          Your <strong>{label}</strong> plan includes {limit}. <Link to={ROUTES.pricing}>Compare plans</Link>
        </li>
        <li>
          Your room stays in search for {LISTING_ACTIVE_DAYS} days. Renew it from <Link to={ROUTES.myListings}>Manage my ads</Link> when it is about to expire.
        </li>
        <li>Only rooms marked Available appear in search; set Pending while you hold viewings.</li>
        <li>Rooms with a few clear photos, the rent and the move-in date get the most messages. Put the best photo first: it is the cover in search.</li>
      </ul>
    </aside>
  );
}
