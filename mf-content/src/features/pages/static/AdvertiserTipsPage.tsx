import { LISTING_ACTIVE_DAYS, ROUTES } from '@roomnest/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';
import s from '../prose.module.css';

interface TipGroup {
  id: string;
  title: string;
  intro: string;
  tips: { title: string; body: ReactNode }[];
}

/** Three groups of four tips (listing quality, managing inquiries, successful rentals). */
export const TIP_GROUPS: readonly TipGroup[] = [
  {
    id: 'listing-quality',
    title: 'Listing quality',
    intro: 'A clear, honest advert gets more of the right enquiries and fewer of the wrong ones.',
    tips: [
      {
        title: 'Lead with great photos',
        body: 'Shoot in daylight with the curtains open and the room tidy. Show the room from the doorway, the bed, the storage and the shared kitchen and bathroom.',
      },
      {
        title: 'Write a title that does the work',
        body: '“Double room, bills included, 5 minutes from Stratford station” tells a searcher more than “Lovely room available”. Lead with the room type, what is included and the nearest station.',
      },
      {
        title: 'Be precise about money',
        body: 'Give the monthly rent, the deposit and exactly which bills are included. Surprises about cost are the most common reason a viewing does not turn into a let.',
      },
      {
        title: 'Describe the household',
        body: 'Say who already lives there, their routines and the house rules on guests, pets and smoking. People choose flatmates as much as rooms.',
      },
    ],
  },
  {
    id: 'managing-inquiries',
    title: 'Managing inquiries',
    intro: 'Good rooms go quickly. How you handle the first messages decides who you end up with.',
    tips: [
      {
        title: 'Reply within a day',
        body: 'Most people message several advertisers at once, and the first to reply usually books the first viewing. Turn on notifications or check Messages each evening.',
      },
      {
        title: 'Ask the same questions of everyone',
        body: 'Move-in date, how long they want to stay, work or study, and anything about the household that matters to you. Treating applicants consistently is fairer and keeps you within the law.',
      },
      {
        title: 'Keep it on RoomNest',
        body: 'Messages on RoomNest give you both a record of what was agreed and let us help if anything goes wrong. Share your number once you have arranged a viewing.',
      },
      {
        title: 'Protect yourself and applicants',
        body: (
          <>
            Never ask for money before a viewing, and be wary of applicants who offer to pay without seeing the room or overpay and ask
            for a refund. Our <Link to={ROUTES.safetyAdvice}>safety advice</Link> explains the common scams.
          </>
        ),
      },
    ],
  },
  {
    id: 'successful-rentals',
    title: 'Successful rentals',
    intro: 'Getting the paperwork right at the start saves months of trouble later.',
    tips: [
      {
        title: 'Put it in writing',
        body: 'Use a written tenancy or lodger agreement that sets out the rent, the deposit, what is included, the notice period and the house rules, and give everyone a copy.',
      },
      {
        title: 'Protect the deposit and check right to rent',
        body: 'For a tenancy in England or Wales, protect the deposit in a government-approved scheme within 30 days. In England, check every adult’s right to rent before they move in.',
      },
      {
        title: 'Do an inventory together',
        body: 'Walk round with your new tenant on moving day, agree a dated inventory with photos and both sign it. It settles most deposit disagreements before they start.',
      },
      {
        title: 'Keep your listing up to date',
        body: (
          <>
            Mark the room Pending or Unavailable as soon as it is taken. Listings stay active for {LISTING_ACTIVE_DAYS} days and can be
            renewed; if you let several rooms, compare our <Link to={ROUTES.pricing}>plans</Link>, or{' '}
            <Link to={ROUTES.contactUs}>contact us</Link> about larger portfolios.
          </>
        ),
      },
    ],
  },
];

/** /advertiser-tips: three groups of four tips, linking to /pricing, /safety-advice and /contact-us. */
export default function AdvertiserTipsPage() {
  return (
    <ProsePage title="Advertiser tips" lead="How to write an advert that lets your room quickly, to the right person." wide>
      <p>
        Whether you are letting a spare room or managing a house share, these twelve tips come from what we see work on RoomNest
        every day.
      </p>
      {TIP_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`tips-${group.id}`}>
          <h2 id={`tips-${group.id}`}>{group.title}</h2>
          <p>{group.intro}</p>
          <ol className={`${s.cards} ${s.tips}`}>
            {group.tips.map((tip) => (
              <li key={tip.title}>
                <h3>{tip.title}</h3>
                <p>{tip.body}</p>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </ProsePage>
  );
}
