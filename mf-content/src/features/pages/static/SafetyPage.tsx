import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { SectionedPage, type DocSection } from '../ProsePage.tsx';
import { COMPANY, mailto } from '../company.ts';
import s from '../prose.module.css';

const external = (href: string, text: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {text}
  </a>
);

export const SAFETY_SECTIONS: readonly DocSection[] = [
  {
    id: 'scams',
    title: 'Spotting a scam',
    body: (
      <>
        <p>Rental scams follow a handful of patterns. Be wary of any advert or advertiser that:</p>
        <ul>
          <li>asks for a deposit, holding fee or rent before you have viewed the room;</li>
          <li>says they are abroad, working offshore or too busy to meet, and will post you the keys once you pay;</li>
          <li>offers a room in a popular area for far less than similar rooms nearby;</li>
          <li>pushes you to decide today because “lots of people are interested”;</li>
          <li>wants payment by bank transfer to a personal account, a money transfer service, gift cards or cryptocurrency;</li>
          <li>asks you to move the conversation to WhatsApp or email straight away;</li>
          <li>asks for copies of your passport or bank statements before you have even seen the room;</li>
          <li>uses photos that look like a hotel or a show home, or that appear on other adverts under a different name.</li>
        </ul>
        <div className={`${s.callout} ${s.warning}`}>
          <p>
            <strong>Never pay for a room you have not seen.</strong> View it in person, or on a live video call with the advertiser
            walking you round, before any money changes hands.
          </p>
        </div>
      </>
    ),
  },
  {
    id: 'viewing',
    title: 'Viewing safely',
    body: (
      <>
        <ul>
          <li>Arrange viewings through RoomNest messages, so there is a record of who you are meeting and when.</li>
          <li>View in daylight, take a friend if you can, and tell someone where you are going and when you expect to be back.</li>
          <li>
            Check that the person showing you round has the right to let the room: ask whether they own the property or manage it
            for the owner. Anyone can buy the title register from HM Land Registry on GOV.UK to see who owns a property in England
            and Wales.
          </li>
          <li>Meet the people you would be living with, and ask how long they have lived there.</li>
          <li>
            Look for working smoke alarms, a carbon monoxide alarm near any gas boiler or fire, a lock on your door and signs of damp.
            Ask to see the gas safety certificate.
          </li>
          <li>If you feel uncomfortable at any point, leave. A genuine advertiser will understand.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'deposits',
    title: 'Deposits and the deposit protection schemes',
    body: (
      <>
        <p>
          In England, a holding deposit to reserve a room is capped at one week’s rent, and a tenancy deposit at five weeks’ rent
          (six weeks if the annual rent is £50,000 or more). Always pay by a traceable method and get a receipt that names the room.
        </p>
        <p>If you have a tenancy, your landlord must protect your deposit in a government-approved scheme:</p>
        <ul>
          <li>
            <strong>England and Wales:</strong> within 30 days, with the Deposit Protection Service (DPS), mydeposits or the Tenancy
            Deposit Scheme (TDS).
          </li>
          <li>
            <strong>Scotland:</strong> within 30 working days of the tenancy starting, with SafeDeposits Scotland, Letting Protection
            Service Scotland or mydeposits Scotland.
          </li>
          <li>
            <strong>Northern Ireland:</strong> within 28 days, with one of the approved Northern Ireland schemes.
          </li>
        </ul>
        <p>
          Your landlord must also give you the scheme’s details, and you can check on the scheme’s website that your deposit is
          registered. At the end of the tenancy the scheme holds on to any amount you and your landlord disagree about, and its free
          dispute service decides who gets it.
        </p>
        <p>
          If you live with your landlord as a lodger, the deposit does not have to be protected. Ask for a written receipt and agree
          in writing when and how it will be returned.
        </p>
      </>
    ),
  },
  {
    id: 'your-details',
    title: 'Protecting your details',
    body: (
      <ul>
        <li>Keep conversations on RoomNest until you have met and are happy to share your number.</li>
        <li>
          Only share identity documents once you have viewed the room and agreed to take it. For a right to rent check in England
          you can give a share code from GOV.UK instead of a copy of your passport.
        </li>
        <li>Never share your online banking details, one-time passcodes or RoomNest password with anyone.</li>
        <li>We will never ask you for your password or to pay for a room through a link in a message.</li>
      </ul>
    ),
  },
  {
    id: 'report',
    title: 'How to report a problem',
    body: (
      <>
        <p>
          <strong>Tell us.</strong> If an advert or a member seems suspicious, email{' '}
          <a href={mailto(COMPANY.emails.safety, 'Safety report')}>{COMPANY.emails.safety}</a> or use our{' '}
          <Link to={ROUTES.contactUs}>contact form</Link>, with a link to the advert and what happened. Our trust and safety team
          reviews reports within 24 hours, seven days a week, and removes adverts while it investigates.
        </p>
        <p>
          <strong>If you have paid a scammer,</strong> call your bank straight away; the 159 service connects you safely to most UK
          banks. Then report the fraud to {external('https://www.actionfraud.police.uk/', 'Action Fraud')} on 0300 123 2040 in
          England, Wales and Northern Ireland, or to Police Scotland on 101 in Scotland.
        </p>
        <p>
          <strong>If you are in danger,</strong> call 999. For free advice on an unsafe home or a problem with a landlord, contact{' '}
          {external('https://england.shelter.org.uk/get_help', 'Shelter')} or your local council’s housing team.
        </p>
      </>
    ),
  },
];

/** /safety (and /safety-advice, which the shell sends here): scams, viewings, deposits, reporting. */
export default function SafetyPage() {
  return (
    <SectionedPage
      title="Safety"
      heading="Staying safe while you rent"
      lead="Most people on RoomNest are exactly who they say they are. These habits protect you from the few who are not."
      sections={SAFETY_SECTIONS}
      outro={
        <div className={s.cta}>
          <h2>Advertising a room?</h2>
          <p>
            Our <Link to={ROUTES.advertiserTips}>advertiser tips</Link> cover screening enquiries, deposits and right to rent checks
            from the landlord’s side.
          </p>
        </div>
      }
    />
  );
}
