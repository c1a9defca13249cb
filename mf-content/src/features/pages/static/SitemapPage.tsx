import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { BLOG_POSTS } from '../../blog/posts.ts';
import { ProsePage } from '../ProsePage.tsx';
import s from '../prose.module.css';

interface SitemapGroup {
  title: string;
  links: readonly { to: string; label: string }[];
}

/** The five groups: Find & List, About Us, Help & Support, Resources, Legal. Every link is a page of the route table (the shell sends /safety-advice to /safety). */
export const SITEMAP_GROUPS: readonly SitemapGroup[] = [
  {
    title: 'Find & List',
    links: [
      { to: ROUTES.findARoom, label: 'Find a room' },
      { to: ROUTES.rooms, label: 'Browse all rooms' },
      { to: ROUTES.flatmates, label: 'Find a flatmate' },
      { to: ROUTES.postAd, label: 'Post an ad' },
      { to: ROUTES.pricing, label: 'Plans and pricing' },
      { to: ROUTES.register, label: 'Create an account' },
      { to: ROUTES.login, label: 'Log in' },
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
      { to: ROUTES.faq, label: 'Frequently asked questions' },
      { to: ROUTES.contactUs, label: 'Contact us' },
      { to: ROUTES.safetyAdvice, label: 'Safety advice' },
      { to: ROUTES.accessibility, label: 'Accessibility' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: ROUTES.blog, label: 'Blog' },
      ...BLOG_POSTS.map((post) => ({ to: ROUTES.blogPost(post.slug), label: post.title })),
      { to: ROUTES.advice, label: 'Renting advice' },
      { to: ROUTES.advertiserTips, label: 'Advertiser tips' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: ROUTES.terms, label: 'Terms and conditions' },
      { to: ROUTES.privacy, label: 'Privacy policy' },
      { to: ROUTES.sitemap, label: 'Sitemap' },
    ],
  },
];

/** /sitemap: every page of RoomNest in five groups. */
export default function SitemapPage() {
  return (
    <ProsePage title="Sitemap" lead="Every part of RoomNest in one place." wide>
      <p>
        Room adverts and flatmate profiles change every day, so rather than bookmarking them, start from Find a room or Find a
        flatmate and filter by area, budget and move-in date. Everything else on the site is listed below.
      </p>
      <div className={s.groups}>
        {SITEMAP_GROUPS.map((group) => (
          <section key={group.title} aria-labelledby={`sitemap-${group.title.replace(/\W+/g, '-').toLowerCase()}`}>
            <h2 id={`sitemap-${group.title.replace(/\W+/g, '-').toLowerCase()}`}>{group.title}</h2>
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
