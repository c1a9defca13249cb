import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';
import { COMPANY, mailto } from '../company.ts';
import s from '../prose.module.css';
import c from './careers.module.css';

const BENEFITS = [
  { title: '27 days’ holiday', body: 'Plus bank holidays, and an extra day for every two years with us, up to 30.' },
  { title: 'Hybrid working', body: 'Two days a week together in our Shoreditch office, the rest wherever you work best in the UK.' },
  { title: 'Pension and health', body: 'We match pension contributions up to 5% of salary, and provide private medical cover and an employee assistance line.' },
  { title: 'Learning budget', body: '£1,000 a year for courses, books and conferences, and time to use it.' },
  { title: 'Family leave', body: '26 weeks at full pay for every new parent, however your family grows.' },
  { title: 'Moving help', body: 'An interest-free loan for your tenancy deposit or season ticket, repaid through your salary over a year.' },
] as const;

export interface Role {
  title: string;
  team: string;
  location: string;
  type: string;
  summary: string;
}

/** The open roles (four to six at a time). */
export const OPEN_ROLES: readonly Role[] = [
  {
    title: 'Senior Frontend Engineer',
    team: 'Engineering',
    location: 'London (hybrid)',
    type: 'Full-time',
    summary:
      'Lead work on the web app renters and landlords use every day: React and TypeScript, micro-frontends, accessibility and performance on mid-range phones.',
  },
  {
    title: 'Backend Engineer, Node.js and PostgreSQL',
    team: 'Engineering',
    location: 'London or remote (UK)',
    type: 'Full-time',
    summary: 'Build the APIs behind search, messaging and listings, and make them fast and reliable as we grow into new cities.',
  },
  {
    title: 'Trust and Safety Specialist',
    team: 'Operations',
    location: 'London (hybrid)',
    type: 'Full-time',
    summary:
      'Investigate reports, spot scam patterns early and work with banks and the police to keep members safe. Weekend shifts on a rota.',
  },
  {
    title: 'Customer Support Advisor',
    team: 'Operations',
    location: 'Manchester',
    type: 'Full-time',
    summary: 'Be the friendly, expert voice of RoomNest for members in the North West as we open in Manchester.',
  },
  {
    title: 'Partnerships Manager, Birmingham',
    team: 'Growth',
    location: 'Birmingham',
    type: 'Full-time',
    summary: 'Build relationships with landlords, letting agents, universities and employers to bring great rooms to RoomNest in the West Midlands.',
  },
  {
    title: 'Content Designer',
    team: 'Product',
    location: 'London (hybrid)',
    type: 'Part-time, 3 days a week',
    summary: 'Make every screen, email and guide clear and kind, from the first search to the deposit coming back.',
  },
];

const STEPS = [
  'A 30-minute call with someone from the team, to tell you about the role and hear about you.',
  'A practical conversation about your work, or a short exercise that never takes more than two hours.',
  'Meeting the people you would work with most, in person or on video.',
  'A decision within a week of your last conversation, with feedback whatever the outcome.',
] as const;

/** /careers: culture, benefits, open roles and how to apply. */
export default function CareersPage() {
  return (
    <ProsePage title="Careers" heading="Careers at RoomNest" lead="Help people across the UK find a home they are happy in." wide>
      <h2>Life at RoomNest</h2>
      <p>
        We are a team of around 40 people based in Shoreditch, building the marketplace we wished we had had when we were renting.
        We work in small teams that own a problem from start to finish, we write things down so everyone can follow a decision, and
        we ship small improvements often.
      </p>
      <p>
        Everyone, including our engineers and leadership, spends a day each quarter answering members’ questions with our support
        team. It keeps us close to the people we build for. As we expand to Manchester and Birmingham, we are growing teams there
        too.
      </p>

      <h2>Benefits</h2>
      <ul className={s.cards}>
        {BENEFITS.map((benefit) => (
          <li key={benefit.title}>
            <h3>{benefit.title}</h3>
            <p>{benefit.body}</p>
          </li>
        ))}
      </ul>

      <h2 id="open-roles">Open roles</h2>
      <ul className={c.roles} aria-labelledby="open-roles">
        {OPEN_ROLES.map((role) => (
          <li key={role.title} className={c.role}>
            <h3>{role.title}</h3>
            <p className={c.facts}>
              <span>{role.team}</span>
              <span>{role.location}</span>
              <span>{role.type}</span>
            </p>
            <p>{role.summary}</p>
            <a className={c.apply} href={mailto(COMPANY.emails.careers, `Application: ${role.title}`)}>
              Apply by email<span className="visually-hidden"> for {role.title}</span>
            </a>
          </li>
        ))}
      </ul>

      <h2>How to apply</h2>
      <p>
        Email your CV and a few lines on why the role interests you to{' '}
        <a href={mailto(COMPANY.emails.careers)}>{COMPANY.emails.careers}</a>, with the role’s title in the subject. No cover letter
        template, no application form. If none of the roles fits but you would love to work with us, write anyway and tell us what
        you would like to do.
      </p>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        We welcome applications from everyone and judge them on skills and potential alone. If you need any adjustments during the
        process, tell us in your email or at any stage, and we will make them. Want to know more about us first? Read{' '}
        <Link to={ROUTES.aboutUs}>our story</Link>.
      </p>
    </ProsePage>
  );
}
