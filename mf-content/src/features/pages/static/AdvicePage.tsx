import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { SectionedPage, type DocSection } from '../ProsePage.tsx';
import s from '../prose.module.css';

export const ADVICE_SECTIONS: readonly DocSection[] = [
  {
    id: 'budget',
    title: 'Setting your budget',
    body: (
      <>
        <p>
          A common rule of thumb is to keep rent to around a third of your take-home pay, so someone taking home £2,400 a month
          would look at rooms up to about £800. Before you start viewing, add up the costs that come with moving as well as the
          monthly ones:
        </p>
        <ul>
          <li>a holding deposit to reserve the room (in England, no more than one week’s rent);</li>
          <li>a tenancy deposit, usually four to five weeks’ rent, which you get back at the end if the room is left in good order;</li>
          <li>the first month’s rent, normally paid before you move in;</li>
          <li>bills that are not included, council tax if you are responsible for it, and contents insurance;</li>
          <li>a TV Licence if you watch live TV or BBC iPlayer (£174.50 a year from April 2025), and your moving costs.</li>
        </ul>
        <p>
          When you compare rooms, compare like with like: a £900 room with bills included can be cheaper than an £800 room where you
          pay a share of energy, water and broadband on top.
        </p>
      </>
    ),
  },
  {
    id: 'right-to-rent',
    title: 'Right to rent checks',
    body: (
      <>
        <p>
          In England, landlords and letting agents must check that every adult who will live in a property has the right to rent
          before the tenancy starts. This includes live-in landlords taking in a lodger. The checks do not apply in Scotland, Wales or
          Northern Ireland.
        </p>
        <ul>
          <li>If you have a British or Irish passport, the landlord checks the original with you, or uses a certified digital identity service, and keeps a copy.</li>
          <li>
            If you have an eVisa or settled or pre-settled status, get a share code from the “Prove your right to rent” service on
            GOV.UK and give it to the landlord with your date of birth.
          </li>
          <li>
            Landlords must check everyone in the same way. Asking only some applicants for documents, or refusing someone because of
            their nationality, is unlawful discrimination.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'inventories',
    title: 'Inventories and moving in',
    body: (
      <>
        <p>
          An inventory is a written record of what is in the room and the shared spaces, and what condition it is in, on the day you
          move in. It is the best evidence you have when your deposit comes back.
        </p>
        <ul>
          <li>Go through it item by item on moving day and note anything that is marked, broken or missing.</li>
          <li>Take dated photos of every wall, the floor, the mattress and the furniture, and email them to your landlord.</li>
          <li>Sign and date the inventory only when it is accurate, and keep your own copy.</li>
          <li>Take meter readings for gas, electricity and water, with photos of the meters.</li>
        </ul>
        <p>
          When you move out, the same record is compared with the room as you leave it. Landlords cannot charge you for fair wear and
          tear, such as carpets wearing thin with normal use.
        </p>
      </>
    ),
  },
  {
    id: 'council-tax',
    title: 'Council tax',
    body: (
      <>
        <p>Who pays council tax depends on how the home is let:</p>
        <ul>
          <li>
            If you rent a room with your own tenancy in a shared house (a house in multiple occupation), the landlord is usually
            responsible and includes it in the rent.
          </li>
          <li>
            If you and your flatmates rent the whole property on one joint tenancy, you are jointly responsible and split the bill.
          </li>
          <li>If you are a lodger in your landlord’s home, your landlord pays.</li>
        </ul>
        <p>
          A household where everyone is a full-time student pays no council tax, and someone living alone gets a 25% discount. You can
          look up a property’s band on GOV.UK (or on the Scottish Assessors’ website in Scotland) before you commit; in Northern
          Ireland, domestic rates replace council tax.
        </p>
      </>
    ),
  },
  {
    id: 'bills',
    title: 'Bills and sharing costs',
    body: (
      <>
        <p>
          Where bills are not included, agree before you move in whose name each account will be in and how the costs are split:
          equally, or by room size. A shared spreadsheet or a bill-splitting app keeps everyone honest.
        </p>
        <ul>
          <li>Take meter readings on the day you move in and give them to the supplier.</li>
          <li>
            Ask the current tenants what the energy bills were last winter; it is the best guide to what you will pay.
          </li>
          <li>
            With bills included, ask whether there is a fair-use limit on energy, and what happens if the house goes over it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'tenancy-or-lodger',
    title: 'Tenant or lodger?',
    body: (
      <>
        <p>
          If your landlord does not live in the property, you will usually have a tenancy, which protects you from being evicted
          without a court order. If you live with your landlord and share the kitchen or bathroom with them, you are a lodger with a
          licence: the notice you are owed is simpler and shorter, and your deposit does not need to be protected.
        </p>
        <p>
          Tenancy law differs between England, Scotland, Wales and Northern Ireland and changes from time to time. For free,
          up-to-date advice on your situation, contact Shelter, Citizens Advice or your local council’s housing team. Our guide to{' '}
          <Link to={ROUTES.blogPost('understanding-tenancy-agreement')}>understanding your tenancy agreement</Link> explains what to
          check before you sign.
        </p>
      </>
    ),
  },
];

/** /advice: renting guides for tenants and flatmates. */
export default function AdvicePage() {
  return (
    <SectionedPage
      title="Advice"
      heading="Renting advice"
      lead="Practical guidance for finding, paying for and living in a room in the UK."
      sections={ADVICE_SECTIONS}
      outro={
        <div className={s.cta}>
          <h2>More from RoomNest</h2>
          <p>
            Read our <Link to={ROUTES.blogPost('tips-finding-flatmate')}>tips for finding the perfect flatmate</Link>, check the signs
            of a scam in our <Link to={ROUTES.safety}>safety guide</Link>, or browse <Link to={ROUTES.blog}>the blog</Link>.
          </p>
        </div>
      }
    />
  );
}
