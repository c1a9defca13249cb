import { ROUTES, type PressRelease } from '@roomnest/shared';

/** The three press releases (date, title, summary, link); each links to its news article. */
export const PRESS_RELEASES: readonly PressRelease[] = [
  {
    date: '2025-05-12',
    title: 'RoomNest passes 50,000 active users and launches in Manchester and Birmingham',
    summary:
      'The East London room-rental and flatmate marketplace brings its search to two of the UK’s biggest shared-housing markets, as more members move between cities for work and study.',
    link: ROUTES.newsArticle(1),
  },
  {
    date: '2025-04-28',
    title: 'Rooms near the Elizabeth line let fastest, RoomNest spring rental data shows',
    summary:
      'Double rooms within ten minutes of an Elizabeth line station let after a median of nine days, and six in ten East London adverts now include bills in the rent.',
    link: ROUTES.newsArticle(2),
  },
  {
    date: '2025-03-18',
    title: 'RoomNest cuts out-of-date room adverts with clear expiry dates and one-click renewals',
    summary:
      'Every listing now shows exactly when it expires, and landlords can renew in one click, after renters named stale adverts as one of their biggest frustrations.',
    link: ROUTES.newsArticle(3),
  },
];
