import type { ReactNode } from 'react';
import { SectionHeader } from '../SectionHeader.tsx';
import s from './how-it-works.module.css';

const icon = (path: ReactNode) => (
  <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    {path}
  </svg>
);

const STEPS = [
  {
    title: 'Search',
    text: 'Filter rooms by area, rent, room type and move-in date, or browse the profiles of people looking for someone to share with.',
    icon: icon(
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </>,
    ),
  },
  {
    title: 'Connect',
    text: 'Message landlords and flatmates straight from their ad, ask your questions and arrange a viewing in person or by video call.',
    icon: icon(<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />),
  },
  {
    title: 'Move In',
    text: 'Agree the rent, deposit and move-in date, check that your deposit is protected, and pick up the keys to your new room.',
    icon: icon(
      <>
        <circle cx="8" cy="15" r="4" />
        <path d="m10.8 12.2 8.7-8.7M17 6l2.5 2.5M15 8l2 2" />
      </>,
    ),
  },
] as const;

/** How it works: Search, Connect, Move In. */
export function HowItWorks() {
  return (
    <section aria-labelledby="home-how-title">
      <SectionHeader id="home-how-title" eyebrow="How it works" title="From search to keys in three steps">
        Everything happens in one place, between you and the people you will live with.
      </SectionHeader>
      <ol className={s.steps}>
        {STEPS.map((step, i) => (
          <li key={step.title} className={s.step}>
            <span className={s.icon}>{step.icon}</span>
            <h3 className={s.title}>
              <span className={s.number}>{i + 1}.</span> {step.title}
            </h3>
            <p className={s.text}>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
