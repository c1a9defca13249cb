import { ANNUAL_DISCOUNT_PERCENT, formatDate, formatMoney, LISTING_ACTIVE_DAYS, MINIMUM_AGE, PLANS, ROUTES, TERMS_LAST_UPDATED } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { SectionedPage, type DocSection } from '../pages/ProsePage.tsx';
import { COMPANY } from '../pages/company.ts';

const paid = PLANS.filter((plan) => plan.priceMonthly > 0);

export const TERMS_SECTIONS: readonly DocSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms are the agreement between you and {COMPANY.legalName}, a company registered in England and Wales whose
          registered office is at {COMPANY.address} (“RoomNest”, “we”, “us”). They apply whenever you use roomnest.co.uk or our
          apps, whether or not you have an account.
        </p>
        <p>
          Please read them together with our <Link to={ROUTES.privacy}>privacy policy</Link>, which explains how we handle your
          personal data. By creating an account or using RoomNest you accept these terms. If you do not agree with them, please do
          not use the service.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <>
        <p>To create an account you must:</p>
        <ul>
          <li>be at least {MINIMUM_AGE} years old and live in, or be moving to, the UK;</li>
          <li>give your real name and an email address you use, and keep them up to date;</li>
          <li>choose the right account type: Tenant if you are looking for a room, Landlord if you advertise one;</li>
          <li>keep your password private and tell us straight away if you think someone else has used your account.</li>
        </ul>
        <p>
          One account is for one person. You are responsible for what happens in your account unless it was used without your
          permission and you were not careless with your login details.
        </p>
      </>
    ),
  },
  {
    id: 'using-roomnest',
    title: 'Using RoomNest',
    body: (
      <>
        <p>
          RoomNest is a marketplace. We bring people with rooms to let and people looking for a room or a flatmate together, but we
          are not a letting agent and we are not a party to any tenancy, licence or other agreement you make with another member.
          You are responsible for your own checks before you pay money or sign anything; our <Link to={ROUTES.safety}>safety
          guide</Link> explains what to look out for.
        </p>
        <p>When you use RoomNest you must not:</p>
        <ul>
          <li>advertise a room you do not have the right to let, or ask for money for a room you have no intention of letting;</li>
          <li>
            publish an advert or send a message that discriminates against anyone because of a protected characteristic under the
            Equality Act 2010 (a flatshare may state a preference for a flatmate’s sex where the law allows it);
          </li>
          <li>harass, threaten or mislead other members, or send messages they have not asked for in bulk;</li>
          <li>collect other members’ details for any purpose other than finding or letting a room;</li>
          <li>copy, scrape or overload the site, or try to get round our security or the limits of your plan.</li>
        </ul>
        <p>
          We may remove content, limit features or suspend an account that breaks these rules or puts other members at risk, and we
          will tell you why unless the law or the safety of others prevents us.
        </p>
      </>
    ),
  },
  {
    id: 'listings',
    title: 'Listings and advertisers',
    body: (
      <>
        <p>If you advertise a room you promise that:</p>
        <ul>
          <li>you own the property or have the owner’s permission to let the room;</li>
          <li>the photos are of the actual room and shared spaces, and the rent, deposit and bills are described accurately;</li>
          <li>
            you will meet your legal duties as a landlord, including protecting deposits in a government-approved scheme, carrying
            out right to rent checks in England, holding any licence the property needs and keeping gas and electrical safety
            certificates up to date.
          </li>
        </ul>
        <p>
          Standard listings stay active for {LISTING_ACTIVE_DAYS} days. After that they stop appearing in searches until you renew
          them. You can change a listing’s status or delete it at any time from <Link to={ROUTES.myListings}>Manage My Ads</Link>.
          We may edit a listing’s formatting, or remove it, if it breaks these terms.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Plans, payments and refunds',
    body: (
      <>
        <p>
          The Free plan costs nothing. {paid.map((plan) => `${plan.label} costs ${formatMoney(plan.priceMonthly)} a month`).join(' and ')}.
          Prices include VAT and are set out on our <Link to={ROUTES.pricing}>pricing page</Link>; if you pay for a year in advance
          you save {ANNUAL_DISCOUNT_PERCENT}%.
        </p>
        <p>
          Paid plans are billed in advance through our payment provider and renew automatically at the end of each billing period
          until you cancel. You can cancel at any time; your plan then stays active until the end of the period you have paid for.
          We will give you at least 30 days’ notice of any price change, and you can cancel before it applies.
        </p>
        <p>
          <strong>Service fees are non-refundable unless stated otherwise.</strong> We do refund you in full if we charged you in
          error or took a payment after you had cancelled, and we refund you for any period in which a paid feature was not
          available because of a fault on our side.
        </p>
        <p>
          If you are a consumer, you have the right to cancel a new subscription within 14 days of buying it. Because you ask us to
          start the service straight away, we may deduct an amount for the days you have already used. Nothing in these terms affects
          your statutory rights.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content and ours',
    body: (
      <>
        <p>
          You own the photos, adverts, profile text and messages you add to RoomNest. You give us a non-exclusive, royalty-free
          licence to store, display and format that content so we can run the service and show your adverts to other members. The
          licence ends when you delete the content or your account, except for copies other members already hold, such as messages
          you sent them.
        </p>
        <p>
          Only upload photos you took yourself or have permission to use. The RoomNest name, logo and site design belong to us; you
          may use the materials in our <Link to={ROUTES.press}>press room</Link> to write about RoomNest, but not to suggest that we
          endorse you.
        </p>
      </>
    ),
  },
  {
    id: 'responsibility',
    title: 'Our responsibility to you',
    body: (
      <>
        <p>
          We work hard to keep RoomNest available, accurate and safe, but we do not check every member or visit every room, and the
          service is provided without any promise that a particular room or flatmate will be available or suitable for you.
        </p>
        <p>
          If you are a consumer, we are responsible for loss or damage you suffer that is a foreseeable result of our breaking these
          terms or failing to use reasonable care and skill. We are not responsible for loss caused by another member, or for
          business losses. If you use RoomNest as a business, our total liability to you in any year is limited to the fees you paid
          us in that year.
        </p>
        <p>
          Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for
          anything else the law does not allow us to limit.
        </p>
      </>
    ),
  },
  {
    id: 'ending-and-law',
    title: 'Ending, changes and the law that applies',
    body: (
      <>
        <p>
          You can close your account at any time from your profile page; this deletes your listings, profile and messages. We may
          suspend or close an account that seriously or repeatedly breaks these terms, and we will refund any unused part of a paid
          plan unless the account was closed for fraud.
        </p>
        <p>
          We may update these terms when the service or the law changes. If a change affects you significantly, we will email you at
          least 30 days before it takes effect. The date at the top of this page shows when they last changed.
        </p>
        <p>
          These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland you may also bring
          proceedings in your local courts. If you have a complaint, please <Link to={ROUTES.contactUs}>contact us</Link> first; we
          aim to resolve every complaint within 14 days.
        </p>
      </>
    ),
  },
];

/** /terms-conditions: eight numbered sections (docs/product.md, Screens), last updated 14 May 2025. */
export default function TermsPage() {
  return (
    <SectionedPage
      title="Terms and conditions"
      lead="The agreement between you and RoomNest when you use our website and apps."
      meta={
        <p>
          Last updated <time dateTime={TERMS_LAST_UPDATED}>{formatDate(TERMS_LAST_UPDATED)}</time>
        </p>
      }
      sections={TERMS_SECTIONS}
      numbered
    />
  );
}
