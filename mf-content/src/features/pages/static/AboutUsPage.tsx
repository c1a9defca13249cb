import { EAST_LONDON_AREAS, ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';
import { COMPANY } from '../company.ts';
import s from '../prose.module.css';

const VALUES = [
  {
    title: 'Honest from the first click',
    body: 'Rent, deposit, bills and house rules belong at the top of an advert, not in the fifth message. We design every screen so the facts that matter come first.',
  },
  {
    title: 'Safety is part of the product',
    body: 'We check adverts, act on every report within a day and write plain guidance on scams and deposits, because a good marketplace is one people can trust.',
  },
  {
    title: 'Fair to both sides',
    body: 'Renters and landlords need each other. We build tools that save both of them time and never take sides in a tenancy.',
  },
  {
    title: 'Plain English',
    body: 'Renting comes with enough jargon. We explain things simply, answer questions properly and say what we do not know.',
  },
] as const;

const areas = EAST_LONDON_AREAS.slice(0, -1).join(', ') + ' and ' + EAST_LONDON_AREAS.at(-1);

/** /about-us: story, mission, East London focus, reach and values. */
export default function AboutUsPage() {
  return (
    <ProsePage
      title="About us"
      heading="About RoomNest"
      lead="A room-rental and flatmate marketplace built for the way people in the UK actually rent."
    >
      <h2>Our story</h2>
      <p>
        Most people who move to a new city do not rent a whole flat: they rent a room. In {COMPANY.founded}, our founders were
        doing exactly that in East London, answering adverts for rooms that had already gone, chasing landlords for deposit receipts
        and trying to work out what “bills included” really meant. They started RoomNest to make that search simpler, fairer and
        safer.
      </p>
      <p>
        Today RoomNest brings landlords with a room to let and people looking for a home together in one place. Landlords advertise
        rooms and manage their listings themselves. Tenants search by area, budget and move-in date, browse the profiles of people
        looking for flatmates, and message advertisers directly, without an agent in the middle.
      </p>

      <h2>Our mission</h2>
      <p>
        We want finding a room to feel less like a gamble. That means adverts with the full picture up front, conversations that
        stay in one place, and clear advice on the things that go wrong most often: deposits, contracts and scams.
      </p>

      <h2>Built in East London</h2>
      <p>
        East London is where we started and where we know every street. {areas} are among the busiest areas on RoomNest, and they
        taught us what renters need: rooms close to the Elizabeth line and the Overground, honest prices, and flatmates who keep the
        same hours.
      </p>

      <ul className={s.stats} aria-label="RoomNest in numbers">
        <li>
          <strong>{COMPANY.activeUsers}</strong> active users
        </li>
        <li>
          <strong>{EAST_LONDON_AREAS.length}</strong> East London areas to start your search
        </li>
        <li>
          <strong>3</strong> cities: London, Manchester and Birmingham
        </li>
        <li>
          <strong>{COMPANY.founded}</strong> the year we started, in a Bethnal Green house share
        </li>
      </ul>

      <h2>Where we are going</h2>
      <p>
        More than {COMPANY.activeUsers} people now use RoomNest, and many of them move between cities for work and study. So we are
        growing from London to Manchester and Birmingham, bringing rooms and flatmate profiles there into the same search, with the
        same local care: from Fallowfield and Ancoats to Selly Oak and the Jewellery Quarter.
      </p>

      <h2>What we value</h2>
      <ul className={s.cards}>
        {VALUES.map((value) => (
          <li key={value.title}>
            <h3>{value.title}</h3>
            <p>{value.body}</p>
          </li>
        ))}
      </ul>

      <div className={s.cta}>
        <h2>Get to know us</h2>
        <p>
          Read our latest <Link to={ROUTES.news}>news</Link>, see our <Link to={ROUTES.careers}>open roles</Link>, or visit the{' '}
          <Link to={ROUTES.press}>press room</Link>. Have an idea for making RoomNest better?{' '}
          <Link to={ROUTES.contactUs}>Get in touch</Link>.
        </p>
      </div>
    </ProsePage>
  );
}
