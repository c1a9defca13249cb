import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';
import s from '../prose.module.css';

const GROUPS = [
  {
    title: 'Find & List',
    links: [
      { to: ROUTES.findARoom, label: 'Find a room' },
      { to: ROUTES.flatmates, label: 'Find a flatmate' },
      { to: ROUTES.postAd, label: 'Post an ad' },
      { to: ROUTES.pricing, label: 'Pricing' },
    ],
  },
  {
    title: 'About Us',
    links: [
      { to: ROUTES.aboutUs, label: 'About RoomNest' },
      { to: ROUTES.careers, label: 'Careers' },
      { to: ROUTES.press, label: 'Press room' },
      { to: ROUTES.news, label: 'News' },
    ],
  },
  {
    title: 'Help & Support',
    links: [
      { to: ROUTES.faq, label: 'FAQ' },
      { to: ROUTES.contactUs, label: 'Contact us' },
      { to: ROUTES.safety, label: 'Safety' },
      { to: ROUTES.accessibility, label: 'Accessibility' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: ROUTES.blog, label: 'Blog' },
      { to: ROUTES.advice, label: 'Renting advice' },
      { to: ROUTES.advertiserTips, label: 'Advertiser tips' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: ROUTES.terms, label: 'Terms and conditions' },
      { to: ROUTES.privacy, label: 'Privacy policy' },
    ],
  },
] as const;

export default function SitemapPage() {
  return (
    <ProsePage title="Sitemap" lead="Every part of RoomNest in one place.">
      <p>
        Room adverts and flatmate profiles change every day, so rather than bookmarking them, start from Find a room or Find a
        flatmate and filter by area, budget and move-in date. Everything else on the site is listed below.
      </p>
      <div className={s.groups}>
        {GROUPS.map((group) => (
          <section key={group.title} aria-labelledby={`sitemap-${group.title}`}>
            <h2 id={`sitemap-${group.title}`}>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </ProsePage>
  );
}
