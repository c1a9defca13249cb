import { formatDate, MINIMUM_AGE, ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { SectionedPage, type DocSection } from '../pages/ProsePage.tsx';
import { COMPANY, mailto } from '../pages/company.ts';

export const PRIVACY_LAST_UPDATED = '2025-05-14';

const privacyEmail = <a href={mailto(COMPANY.emails.privacy)}>{COMPANY.emails.privacy}</a>;

export const PRIVACY_SECTIONS: readonly DocSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {COMPANY.legalName}, {COMPANY.address}, is the controller of the personal data described in this policy. We process it
          in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
        <p>
          Questions about this policy or your data go to our data protection lead at {privacyEmail}, or by post to the address
          above.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'The information we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, password (stored only as a secure hash), account type and
            plan.
          </li>
          <li>
            <strong>Profile:</strong> anything you add to your flatmate profile, such as your phone number, photo, bio, budget,
            preferred areas and move-in date.
          </li>
          <li>
            <strong>Listings:</strong> the address, description, photos, rent and house rules of rooms you advertise. We remove
            location and camera data from photos before we store them.
          </li>
          <li>
            <strong>Messages</strong> you send and receive through RoomNest.
          </li>
          <li>
            <strong>Payments:</strong> our payment provider handles your card details; we receive only the plan you bought, the
            amount and the date.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, browser and device type, and records of when you signed in, which we
            use to keep the service secure.
          </li>
          <li>
            <strong>Newsletter:</strong> your email address, if you subscribe.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it and our lawful bases',
    body: (
      <>
        <ul>
          <li>
            <strong>To provide RoomNest</strong>: your account, adverts, profile and messages (performance of our contract with
            you).
          </li>
          <li>
            <strong>To keep members safe</strong>: detecting scams, fake adverts and abuse, and investigating reports
            (our legitimate interest in a safe marketplace).
          </li>
          <li>
            <strong>To improve the service</strong>, using statistics that do not identify you (our legitimate interests).
          </li>
          <li>
            <strong>To send the newsletter</strong> (your consent, which you can withdraw with the link in every email).
          </li>
          <li>
            <strong>To meet the law</strong>: keeping payment records for HMRC and answering lawful requests from the police or
            courts (legal obligation).
          </li>
        </ul>
        <p>We never sell your personal data, and we do not use it for advertising by other companies.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          Other members see what you publish: your adverts, your listed flatmate profile, and your name and photo when you message
          them. We do not show your email address to other members.
        </p>
        <p>
          We use carefully chosen suppliers to host the service, deliver email and take payments. They act only on our instructions,
          under contracts that require them to protect your data. We may share data with the police or other authorities when the
          law requires it or to prevent fraud.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>
          We keep your data while your account is open. When you delete your account we erase your profile, listings, photos and
          messages straight away, and they disappear from our backups within 30 days.
        </p>
        <p>
          We keep payment records for six years because tax law requires it, and security logs for up to 12 months. If you
          unsubscribe from the newsletter, we keep your email address only to make sure we do not write to you again.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Where we store it and how we protect it',
    body: (
      <p>
        Your data is stored in the UK and the European Economic Area. If a supplier processes it elsewhere, we use the safeguards
        UK law requires, such as the International Data Transfer Agreement. Everything travels encrypted, passwords are hashed with a
        modern algorithm, and only staff who need access to do their job have it.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> your personal data and receive a copy of it;
          </li>
          <li>
            <strong>correct</strong> data that is wrong or incomplete;
          </li>
          <li>
            <strong>delete</strong> your data (you can delete your account and everything in it from your profile page at any time);
          </li>
          <li>
            <strong>object</strong> to how we use your data, including for direct marketing, and ask us to restrict its use;
          </li>
          <li>
            <strong>port</strong> your data: receive it in a machine-readable format to take to another service;
          </li>
          <li>withdraw your consent at any time, where we rely on it.</li>
        </ul>
        <p>
          To use any of these rights, email {privacyEmail}. We reply within one month and do not charge for it. We may ask you to
          confirm your identity first.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        RoomNest is not for anyone under {MINIMUM_AGE}. We do not knowingly collect data from children, and if we learn that an
        account belongs to someone under {MINIMUM_AGE} we close it and delete its data.
      </p>
    ),
  },
  {
    id: 'cookies-changes-complaints',
    title: 'Cookies, changes and complaints',
    body: (
      <>
        <p>
          We use only the browser storage RoomNest needs to work: it keeps you signed in on your device. One cookie,{' '}
          <code>roomnest_cohort</code>, holds a random number between 0 and 9999 that keeps the version of the site your browser
          gets the same from one visit to the next while we try a new version with some visitors; it says nothing about you, is
          never shared and lasts a year. We do not use advertising or cross-site tracking cookies, so there is nothing to opt out
          of.
        </p>
        <p>
          If we change this policy in a way that affects you, we will tell you by email or on the site before the change takes
          effect.
        </p>
        <p>
          If you are unhappy with how we have handled your data, please <Link to={ROUTES.contactUs}>contact us</Link> first so we
          can put it right. You also have the right to complain to the Information Commissioner’s Office (ICO), the UK regulator
          for data protection, at{' '}
          <a href="https://ico.org.uk/make-a-complaint/" target="_blank" rel="noopener noreferrer">
            ico.org.uk/make-a-complaint
          </a>{' '}
          or on 0303 123 1113.
        </p>
      </>
    ),
  },
];

/** /privacy-policy: nine sections (docs/product.md, Screens), including the data rights and the minimum age. */
export default function PrivacyPage() {
  return (
    <SectionedPage
      title="Privacy policy"
      lead="What we collect, why we collect it, and the rights you have over your personal data."
      meta={
        <p>
          Last updated <time dateTime={PRIVACY_LAST_UPDATED}>{formatDate(PRIVACY_LAST_UPDATED)}</time>
        </p>
      }
      sections={PRIVACY_SECTIONS}
      numbered
    />
  );
}
