import {
  ANNUAL_DISCOUNT_PERCENT,
  formatMoney,
  MAX_PHOTOS,
  PHOTO_MAX_BYTES,
  LISTING_ACTIVE_DAYS,
  FREE_NEW_CONVERSATIONS_PER_MONTH,
  PASSWORD_MIN_LENGTH,
  PLAN_TEXTS,
  PLANS,
  ROUTES,
  UNLIMITED_MESSAGES_UPGRADE_MONTHLY,
} from '@roomnest/shared';
import { Button } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { SectionedPage } from '../pages/ProsePage.tsx';
import { COMPANY, mailto } from '../pages/company.ts';
import prose from '../pages/prose.module.css';
import { Accordion, useOpenItems, type AccordionItem } from './Accordion.tsx';
import s from './faq.module.css';

const plan = (name: string) => PLANS.find((p) => p.name === name);
const price = (name: string) => formatMoney(plan(name)?.priceMonthly ?? 0);
const photoMb = Math.round(PHOTO_MAX_BYTES / (1024 * 1024));

interface FaqGroup {
  id: string;
  title: string;
  items: AccordionItem[];
}

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'accounts',
    title: 'Your account',
    items: [
      {
        id: 'create-account',
        question: 'How do I create an account?',
        answer: (
          <p>
            Choose <Link to={ROUTES.register}>Register</Link>, enter your name, email address and a password of at least{' '}
            {PASSWORD_MIN_LENGTH} characters, and pick an account type: Tenant if you are looking for a room or a flatmate,
            Landlord if you have a room to let. Then log in with your new details.
          </p>
        ),
      },
      {
        id: 'change-type',
        question: 'Can I switch between a Tenant and a Landlord account?',
        answer: (
          <p>
            Yes, whenever your situation changes. Open <Link to={ROUTES.myFlatmateProfile}>your profile</Link> and choose Switch
            to a landlord account (or to a tenant account). A landlord account can become a tenant one once it has no live
            listings: delete them in Manage My Ads or wait until they expire.
          </p>
        ),
      },
      {
        id: 'forgot-password',
        question: 'I have forgotten my password. What should I do?',
        answer: (
          <p>
            Select “Forgot password?” on the <Link to={ROUTES.login}>login page</Link> and enter your email address. If it belongs
            to an account, we will email you a link to choose a new password. The link works once and expires after a short time.
          </p>
        ),
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: (
          <p>
            Open <Link to={ROUTES.myFlatmateProfile}>your profile</Link> and choose Delete account. This permanently erases your
            profile, listings, photos and messages and cannot be undone, so we ask you to confirm first.
          </p>
        ),
      },
    ],
  },
  {
    id: 'searching',
    title: 'Searching for a room or flatmate',
    items: [
      {
        id: 'free-to-search',
        question: 'Is it free to search?',
        answer: (
          <p>
            Yes. Anyone can <Link to={ROUTES.findARoom}>search rooms</Link> and <Link to={ROUTES.flatmates}>browse flatmates</Link>{' '}
            without an account. You need a free account to message an advertiser or another flatmate.
          </p>
        ),
      },
      {
        id: 'filters',
        question: 'How do I narrow down my search?',
        answer: (
          <p>
            On the room search, filter by monthly rent, room type (single, double, studio or shared) and the date you want to move
            in, then sort by price or by the newest adverts. From the home page you can also search by town or area, such as
            Hackney or Stratford.
          </p>
        ),
      },
      {
        id: 'bills-included',
        question: 'What does “bills included” cover?',
        answer: (
          <p>
            It usually means energy, water and broadband are in the rent, and sometimes council tax too. Every household is
            different, so ask the advertiser exactly which bills are covered and whether there is a fair-use limit before you agree
            to anything.
          </p>
        ),
      },
      {
        id: 'contact-landlord',
        question: 'How do I contact a landlord?',
        answer: (
          <p>
            Log in and press Contact Landlord on the room’s advert. Your conversations are kept together under Messages, with a
            count of anything unread. Keeping messages on RoomNest also means we can help if something goes wrong. On the Free
            plan you can start conversations with {FREE_NEW_CONVERSATIONS_PER_MONTH} new people a month; replies are always free.
          </p>
        ),
      },
    ],
  },
  {
    id: 'listing',
    title: 'Listing a room',
    items: [
      {
        id: 'who-can-list',
        question: 'Who can advertise a room?',
        answer: (
          <p>
            Anyone with a Landlord account, whether you own a house share, let a spare room as a live-in landlord or manage
            properties professionally. Choose List Your Ad in the menu to start.
          </p>
        ),
      },
      {
        id: 'listing-duration',
        question: 'How long does my listing stay active?',
        answer: (
          <p>
            Standard listings stay active for {LISTING_ACTIVE_DAYS} days. When a listing expires it stops appearing in searches;
            you can renew it from <Link to={ROUTES.myListings}>Manage My Ads</Link> and it goes live again straight away.
          </p>
        ),
      },
      {
        id: 'statuses',
        question: 'What do Available, Pending and Unavailable mean?',
        answer: (
          <p>
            Available rooms appear in searches. Mark a room Pending while you are finalising a tenant, and Unavailable once it is
            let, so you stop receiving enquiries. You can change the status at any time from Manage My Ads.
          </p>
        ),
      },
      {
        id: 'how-many-rooms',
        question: 'How many rooms can I list?',
        answer: (
          <p>
            One room on the Free plan, up to {plan('Premium')?.listingLimit} on Premium and as many as you like on
            Professional. Every listing that has not expired counts towards the limit. See <Link to={ROUTES.pricing}>pricing</Link>.
          </p>
        ),
      },
      {
        id: 'photos',
        question: 'What photos can I upload?',
        answer: (
          <p>
            Up to {MAX_PHOTOS} photos per room, each a JPEG, PNG, GIF or WebP of up to {photoMb} MB (an iPhone sends its photos as JPEG); the first is the cover
            shown in search. Bright daylight photos of the actual room work best. We remove location data from photos before they
            are published.
          </p>
        ),
      },
    ],
  },
  {
    id: 'plans',
    title: 'Plans and payments',
    items: [
      {
        id: 'prices',
        question: 'How much do the plans cost?',
        answer: (
          <p>
            The Free plan costs nothing, Premium is {price('Premium')} a month and Professional is {price('Professional')} a month,
            all including VAT. On the Free plan you can add unlimited messages for {formatMoney(UNLIMITED_MESSAGES_UPGRADE_MONTHLY)} a
            month.
          </p>
        ),
      },
      {
        id: 'free-messages',
        question: 'How many messages can I send on the Free plan?',
        answer: (
          <p>
            {PLAN_TEXTS.messagingRule} Starting a conversation means sending the first message to someone who has not written to
            you; everything after that in the same conversation is free, and the count starts again on the 1st of each month (UK
            time). The chat tells you how many new conversations you have left before you write.
          </p>
        ),
      },
      {
        id: 'annual',
        question: 'Is there a discount for paying annually?',
        answer: <p>Yes: pay for a year of Premium or Professional in advance and you save {ANNUAL_DISCOUNT_PERCENT}%.</p>,
      },
      {
        id: 'how-to-pay',
        question: 'How do I pay?',
        answer: (
          <p>
            Choose Subscribe on the <Link to={ROUTES.pricing}>pricing page</Link>. Our payment provider’s secure page opens in a new
            tab; your card details go to them and never reach RoomNest.
          </p>
        ),
      },
      {
        id: 'refunds',
        question: 'Can I cancel or get a refund?',
        answer: (
          <p>
            You can cancel at any time and keep your plan until the end of the period you have paid for. Service fees are
            non-refundable unless stated otherwise; our <Link to={ROUTES.terms}>terms and conditions</Link> explain when we do
            refund, such as a payment taken in error, and your 14-day cancellation right.
          </p>
        ),
      },
    ],
  },
  {
    id: 'safety',
    title: 'Safety and trust',
    items: [
      {
        id: 'pay-before-viewing',
        question: 'Should I pay a deposit before I have seen the room?',
        answer: (
          <p>
            No. Never send a deposit, holding fee or rent for a room you have not viewed, in person or on a live video call with the
            advertiser. Requests to pay first, especially by bank transfer to someone who says they are abroad, are the most common
            sign of a scam.
          </p>
        ),
      },
      {
        id: 'deposit-protection',
        question: 'Does my deposit have to be protected?',
        answer: (
          <p>
            If you have a tenancy in England or Wales, your landlord must protect your deposit in a government-approved scheme within
            30 days and give you the details. Lodgers living with their landlord are not covered. Our{' '}
            <Link to={ROUTES.safety}>safety guide</Link> explains the schemes in each part of the UK.
          </p>
        ),
      },
      {
        id: 'report',
        question: 'How do I report an advert or a member?',
        answer: (
          <p>
            Email <a href={mailto(COMPANY.emails.safety, 'Report')}>{COMPANY.emails.safety}</a> with a link to the advert or the
            member’s name, and what happened. We look at safety reports within 24 hours, seven days a week, and may remove the advert
            while we check.
          </p>
        ),
      },
    ],
  },
];

const ALL_IDS = FAQ_GROUPS.flatMap((group) => group.items.map((item) => item.id));

/** /faq: questions in groups, each answer in an accordion (it says standard listings stay active for 30 days: docs/product.md, Listings lifecycle). */
export default function FaqPage() {
  const { open, toggle, setOpen } = useOpenItems();
  const allOpen = open.size === ALL_IDS.length;
  return (
    <SectionedPage
      title="FAQ"
      heading="Frequently asked questions"
      lead="Quick answers for tenants, flatmates and landlords."
      intro={
        <div className={s.toolbar}>
          <Button variant="secondary" size="sm" onClick={() => setOpen(allOpen ? new Set() : new Set(ALL_IDS))}>
            {allOpen ? 'Hide all answers' : 'Show all answers'}
          </Button>
        </div>
      }
      sections={FAQ_GROUPS.map((group) => ({
        id: group.id,
        title: group.title,
        body: <Accordion items={group.items} open={open} onToggle={toggle} />,
      }))}
      outro={
        <div className={prose.cta}>
          <h2>Still have a question?</h2>
          <p>
            Our support team replies within two working days. <Link to={ROUTES.contactUs}>Contact us</Link>
          </p>
        </div>
      }
    />
  );
}
