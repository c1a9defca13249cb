import {
  ANNUAL_DISCOUNT_PERCENT,
  formatDate,
  formatMoney,
  FREE_NEW_CONVERSATIONS_PER_MONTH,
  LISTING_ACTIVE_DAYS,
  PLAN_TEXTS,
  PLANS,
  ROUTES,
  UNLIMITED_MESSAGES_UPGRADE_MONTHLY,
  type PlanInfo,
  type User,
} from '@roomnest/shared';
import { selectCurrentUser, useHostSelector, withHostApi } from '@roomnest/shared/client';
import { Alert, Badge, ButtonLink, Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useGetPlanUsageQuery } from '../../api/content-api.ts';
import { Accordion, useOpenItems } from '../faq/Accordion.tsx';
import type { ContentPageProps } from '../pages/lazy-page.tsx';
import { paymentLink } from './payment-links.ts';
import s from './pricing.module.css';

const FEATURED_PLAN = 'Premium';

const listingLine = (plan: PlanInfo) =>
  plan.listingLimit === null ? 'Unlimited rooms' : plan.listingLimit === 1 ? '1 room' : `Up to ${plan.listingLimit} rooms`;

const FAQ: { id: string; q: string; a: ReactNode }[] = [
  {
    id: 'free-plan',
    q: 'Is the Free plan really free?',
    a: `Yes. The Free plan costs £0 a month with no end date: you can list one room, and start conversations with ${FREE_NEW_CONVERSATIONS_PER_MONTH} new people a month. Add unlimited messages for ${formatMoney(UNLIMITED_MESSAGES_UPGRADE_MONTHLY)} a month whenever you need more.`,
  },
  {
    id: 'free-messages',
    q: 'What counts as one of my 2 free messages?',
    a: `${PLAN_TEXTS.messagingRule} Starting a conversation means sending the first message to someone who has not written to you; everything after that in the same conversation is free, and the count starts again on the 1st of each month (UK time).`,
  },
  {
    id: 'annual',
    q: 'Can I pay annually?',
    a: `Yes. Pay for twelve months of Premium or Professional up front and you save ${ANNUAL_DISCOUNT_PERCENT}% compared with paying monthly.`,
  },
  {
    id: 'listing-life',
    q: 'How long does a listing stay live?',
    a: `Standard listings stay active for ${LISTING_ACTIVE_DAYS} days from the day you post them. A listing that has expired no longer appears in searches and no longer counts towards your plan's room limit.`,
  },
  {
    id: 'room-limit',
    q: 'What counts towards my room limit?',
    a: 'Every listing that has not expired, whether it is Available, Pending or Unavailable. Marking a room as let does not free up a place until the listing expires or you delete it.',
  },
  {
    id: 'change-cancel',
    q: 'Can I change or cancel my plan?',
    a: (
      <>
        You can upgrade at any time, and cancel a subscription before its next billing date to stop future payments. Service fees are
        non-refundable unless stated otherwise; see our <Link to={ROUTES.terms}>terms and conditions</Link>.
      </>
    ),
  },
];

/** The Free plan's messaging for a signed-in Free member: what is left this month, and the unlimited-messages upgrade. */
function FreeMessaging({ user }: { user: User }) {
  const { data: usage } = useGetPlanUsageQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!usage || usage.plan !== 'Free') return null;
  if (usage.unlimitedMessages) return <p className={s.messaging}>Unlimited messages are on for your account.</p>;
  const { remaining, resetsOn } = usage.newConversations;
  return (
    <div className={s.messaging}>
      <p>
        {remaining === 0
          ? `You have started your ${FREE_NEW_CONVERSATIONS_PER_MONTH} new conversations for this month; more from ${formatDate(resetsOn)}. Replies are always free.`
          : PLAN_TEXTS.newConversationsLeft(remaining ?? 0)}
      </p>
      <ButtonLink
        to={paymentLink('UnlimitedMessages', user)}
        target="_blank"
        rel="noopener noreferrer"
        reloadDocument
        variant="secondary"
        block
        aria-label={`Add unlimited messages for ${formatMoney(UNLIMITED_MESSAGES_UPGRADE_MONTHLY)} a month (opens the payment page in a new tab)`}
      >
        Add unlimited messages
      </ButtonLink>
    </div>
  );
}

/** /pricing: the three plans (docs/product.md, Plans), the payment links and the pricing FAQ. */
function PricingPage() {
  const user = useHostSelector(selectCurrentUser);
  const [params] = useSearchParams();
  const justSignedUp = params.get('signup') === 'true';
  const { open, toggle } = useOpenItems();
  const headingRef = usePageFocus();

  return (
    <Page title="Pricing">
      {justSignedUp ? (
        <Alert tone="success">
          <strong>Your account is ready — log in to get started.</strong> <Link to={ROUTES.login}>Log in</Link>
        </Alert>
      ) : null}
      <PageHeader
        headingRef={headingRef}
        title="Plans and pricing"
        subtitle="Start free with one room and upgrade when you have more to let. All prices are in pounds and include VAT."
      />

      <ul className={s.plans}>
        {PLANS.map((plan) => {
          const current = user?.plan === plan.name;
          const featured = plan.name === FEATURED_PLAN;
          const headingId = `plan-${plan.name.toLowerCase()}`;
          return (
            <li key={plan.name} className={featured ? `${s.plan} ${s.featured}` : s.plan} aria-labelledby={headingId}>
              <div className={s.planTop}>
                <h2 id={headingId} className={s.planName}>
                  {plan.label}
                </h2>
                {current ? (
                  <Badge tone="green">Current plan</Badge>
                ) : featured ? (
                  <Badge tone="primary">Most popular</Badge>
                ) : null}
              </div>
              <p className={s.price}>
                <span className={s.amount}>{formatMoney(plan.priceMonthly)}</span>
                <span className={s.per}>/month</span>
              </p>
              <p className={s.limit}>{listingLine(plan)}</p>
              <ul className={s.features}>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <div className={s.action}>
                {current ? (
                  <>
                    <p className={s.currentNote}>{plan.name === 'Free' ? 'You are on the Free plan.' : 'This is your plan.'}</p>
                    {plan.name === 'Free' && user ? <FreeMessaging user={user} /> : null}
                  </>
                ) : plan.name === 'Free' ? (
                  user ? null : (
                    <ButtonLink to={ROUTES.register} variant="secondary" block>
                      Get started free
                    </ButtonLink>
                  )
                ) : (
                  <ButtonLink
                    to={paymentLink(plan.name, user)}
                    target="_blank"
                    rel="noopener noreferrer"
                    reloadDocument
                    variant={featured ? 'accent' : 'primary'}
                    block
                    aria-label={`Subscribe to ${plan.label} (opens the payment page in a new tab)`}
                  >
                    Subscribe
                  </ButtonLink>
                )}
              </div>
            </li>
          );
        })}
      </ul>

      <p className={s.rule}>
        <strong>Messages on the Free plan.</strong> {PLAN_TEXTS.messagingRule}
      </p>
      <p className={s.annual}>
        Paying for a year? Annual billing saves {ANNUAL_DISCOUNT_PERCENT}% on Premium and Professional.
      </p>

      <section className={s.faq} aria-labelledby="pricing-faq-title">
        <h2 id="pricing-faq-title">Frequently asked questions</h2>
        <Accordion items={FAQ.map((item) => ({ id: item.id, question: item.q, answer: <p>{item.a}</p> }))} open={open} onToggle={toggle} />
        <p className={s.more}>
          More questions? Read our <Link to={ROUTES.faq}>frequently asked questions</Link> or <Link to={ROUTES.contactUs}>contact us</Link>.
        </p>
      </section>
    </Page>
  );
}

export default withHostApi<ContentPageProps>(PricingPage);
