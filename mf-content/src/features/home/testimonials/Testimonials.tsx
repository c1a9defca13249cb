import { Avatar } from '@roomnest/shared/ui';
import { SectionHeader } from '../SectionHeader.tsx';
import s from './testimonials.module.css';

const TESTIMONIALS = [
  {
    quote:
      'I moved down from Leeds for a job in Canary Wharf and had a double room in Bethnal Green within a week. Being able to message the landlord straight from the advert made booking a viewing easy.',
    name: 'Priya Sharma',
    role: 'Tenant, Bethnal Green',
  },
  {
    quote:
      'I let two rooms in my flat in Stratford. The free listing filled the first one in ten days, and the messages came from people who had actually read the ad and the house rules.',
    name: 'David Okafor',
    role: 'Landlord, Stratford',
  },
] as const;

/** Two static testimonials (docs/product.md, Screens: Home). */
export function Testimonials() {
  return (
    <section aria-labelledby="home-testimonials-title">
      <SectionHeader id="home-testimonials-title" eyebrow="In their words" title="Renters and landlords on RoomNest" />
      <div className={s.grid}>
        {TESTIMONIALS.map((t) => (
          <figure key={t.name} className={s.card}>
            <blockquote className={s.quote}>
              <p>{t.quote}</p>
            </blockquote>
            <figcaption className={s.person}>
              <Avatar name={t.name} size={44} decorative />
              <span>
                <span className={s.name}>{t.name}</span>
                <span className={s.role}>{t.role}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
