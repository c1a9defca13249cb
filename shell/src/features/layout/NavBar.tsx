/**
 * The top navigation (docs/product.md, Screens). Below 960px the links fold into a
 * menu behind a button (aria-expanded); the menu closes on navigation, on a
 * tap or click outside it, and on Escape, which returns focus to the button.
 * The button carries the unread badge too (its count in the button's name),
 * so unread messages show while the menu is closed.
 */
import { unreadBadgeText } from '@roomnest/shared';
import { loggedOut, selectCurrentUser, selectIsLoggedIn, selectTotalUnread, useHostDispatch, useHostSelector } from '@roomnest/shared/client';
import { Badge } from '@roomnest/shared/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { claimLocation } from '../guards/redirect-claims.ts';
import { Logo } from './Logo.tsx';
import { navItems } from './nav-links.ts';
import s from './nav-bar.module.css';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export function NavBar() {
  const user = useHostSelector(selectCurrentUser);
  const isLoggedIn = useHostSelector(selectIsLoggedIn);
  const unread = useHostSelector(selectTotalUnread);
  const dispatch = useHostDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  // The menu is open for one history entry: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    // A tap or click anywhere but the bar closes it (the button toggles it itself).
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && navRef.current?.contains(event.target)) return;
      setOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const logOut = () => {
    // Log Out decides where the user goes; the route guard of this page stays quiet.
    claimLocation(location.key);
    setOpenAt(null);
    dispatch(loggedOut());
    void navigate('/login');
  };

  const badge = unreadBadgeText(unread);
  const items = navItems(isLoggedIn ? user : null);

  return (
    <header className={s.bar}>
      <nav ref={navRef} className={s.inner} aria-label="Main">
        <Link to="/" className={s.brand} aria-label="RoomNest home">
          <Logo />
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className={s.menuButton}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpenAt(open ? null : location.key)}
        >
          <span className={s.burger} aria-hidden="true" data-open={open || undefined}>
            <span />
            <span />
            <span />
          </span>
          Menu
          {isLoggedIn && badge ? (
            <>
              <Badge tone="count">
                <span aria-hidden="true">{badge}</span>
              </Badge>
              <span className="visually-hidden">({unread === 1 ? '1 unread message' : `${unread} unread messages`})</span>
            </>
          ) : null}
        </button>
        <ul id={menuId} className={cx(s.links, open && s.open)}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => cx(s.link, item.emphasis && s.emphasis, isActive && s.active)}>
                {item.label}
                {item.badge === 'unread' && badge ? (
                  <>
                    <Badge tone="count">
                      <span aria-hidden="true">{badge}</span>
                    </Badge>
                    <span className="visually-hidden">({unread} unread)</span>
                  </>
                ) : null}
              </NavLink>
            </li>
          ))}
          {isLoggedIn ? (
            <li>
              <button type="button" className={cx(s.link, s.logout)} onClick={logOut}>
                Log Out
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
