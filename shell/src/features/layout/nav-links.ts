/** The navigation bar (docs/product.md, Screens) as data: which links a visitor, a tenant, a landlord and a moderator see. */
import { ROUTES, type User } from '@roomnest/shared';

export interface NavItem {
  to: string;
  label: string;
  /** The Messages link carries the unread badge. */
  badge?: 'unread';
  /** Drawn as a button (Register). */
  emphasis?: boolean;
}

export function navItems(user: User | null): NavItem[] {
  const always: NavItem[] = [
    { to: '/find-a-room', label: 'Find a Room' },
    { to: '/flatmates', label: 'Flatmates' },
    { to: '/pricing', label: 'Pricing' },
  ];
  if (!user) {
    return [...always, { to: '/blog', label: 'Blog' }, { to: '/login', label: 'Login' }, { to: '/register', label: 'Register', emphasis: true }];
  }
  const landlord: NavItem[] =
    user.userType === 'Landlord'
      ? [
          { to: '/post-ad', label: 'List Your Ad' },
          { to: '/my-listings', label: 'Manage My Ads' },
        ]
      : [];
  return [
    ...always,
    ...landlord,
    { to: '/saved', label: 'Saved' },
    { to: '/messages', label: 'Messages', badge: 'unread' },
    { to: '/my-flatmate-profile', label: user.userType === 'Tenant' ? 'List My Profile' : 'My Profile' },
    // Only the trust and safety team: everyone else would find a page that turns them away.
    // (A session stored before roles existed has none.)
    ...((user.roles ?? []).includes('moderator') ? [{ to: ROUTES.moderation, label: 'Moderation' }] : []),
  ];
}
