import { selectIsLoggedIn, useHostSelector } from '@roomnest/shared/client';
import { Link } from 'react-router-dom';
import { APP_LINKS, FOOTER_COLUMNS, SOCIAL_LINKS, type ExternalLink } from './footer-links.ts';
import { Logo } from './Logo.tsx';
import s from './footer.module.css';

const YEAR = new Date().getFullYear();

function External({ link, className }: { link: ExternalLink; className?: string }) {
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
      {link.label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function Footer() {
  const isLoggedIn = useHostSelector(selectIsLoggedIn);

  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={s.about}>
          <Link to="/" className={s.brand} aria-label="RoomNest home">
            <Logo />
          </Link>
          <p className={s.tagline}>Rooms to rent and flatmates across the UK, starting in East London.</p>
          <Link to={isLoggedIn ? '/post-ad' : '/register'} className={s.postAd}>
            Post an Ad
          </Link>
        </div>
        <nav className={s.columns} aria-label="Footer">
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.title} className={s.column}>
              <h2 className={s.heading}>{column.title}</h2>
              <ul className={s.list}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className={s.column}>
            <h2 className={s.heading}>Follow us</h2>
            <ul className={s.list}>
              {SOCIAL_LINKS.map((link) => (
                <li key={link.href}>
                  <External link={link} />
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
      <div className={s.bottom}>
        <div className={s.bottomInner}>
          <p className={s.copyright}>© {YEAR} RoomNest Ltd. All rights reserved.</p>
          <ul className={s.apps} aria-label="Mobile apps">
            {APP_LINKS.map((link) => (
              <li key={link.href}>
                <External link={link} className={s.appLink} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
