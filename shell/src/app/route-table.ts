/**
 * The route table as data (docs/product.md, Routes and guards): which path
 * shows which page, and who may see it. The router (router.tsx) is built from it.
 * Remote pages are `remote/module` pairs of the federation contract; shell
 * pages are the few screens the shell renders itself.
 */
import { EMAIL_PAGES, NEWSLETTER_PAGES, ROUTE_PATTERNS, ROUTES, type PagePattern } from '@roomnest/shared';
import type { ExposedModule, RemoteName } from '@roomnest/shared/client';
import { GUARDS, type GuardName } from '../features/guards/guards.ts';

type ModuleOf<R extends RemoteName> = ExposedModule<R> extends `./${infer M}` ? M : never;

/** A page one of the remotes exposes. */
export type RemoteTarget = { [R in RemoteName]: { remote: R; module: ModuleOf<R> } }[RemoteName];

/** The screens the shell owns. */
export type ShellPage = 'LoginPage' | 'RegisterPage' | 'ForgotPasswordPage' | 'ResetPasswordPage' | 'VerifyEmailPage' | 'NotFoundPage';

/**
 * Shell screens are public; guards apply to remote pages. Paths are the shared
 * ROUTES and ROUTE_PATTERNS (PAGE_PATTERNS, what the server answers 200 for),
 * and '*' for the 404 page.
 */
export type RouteEntry = { path: PagePattern | '*' } & ((RemoteTarget & { guard: GuardName }) | { shell: ShellPage; guard: 'public' } | { redirect: string; guard: 'public' });

const content = { remote: 'mf_content', module: 'ContentPage', guard: 'public' } as const;

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: ROUTES.home, remote: 'mf_content', module: 'HomePage', guard: 'public' },

  { path: ROUTES.rooms, remote: 'mf_search', module: 'RoomSearchPage', guard: 'public' },
  { path: ROUTES.findARoom, remote: 'mf_search', module: 'RoomSearchPage', guard: 'public' },
  { path: ROUTE_PATTERNS.room, remote: 'mf_search', module: 'RoomDetailPage', guard: 'public' },
  { path: ROUTES.savedSearches, remote: 'mf_search', module: 'SavedSearchesPage', guard: 'user' },
  { path: ROUTES.savedRooms, remote: 'mf_search', module: 'SavedRoomsPage', guard: 'user' },

  { path: ROUTE_PATTERNS.editRoom, remote: 'mf_listings', module: 'EditListingPage', guard: 'landlord' },
  { path: ROUTES.postAd, remote: 'mf_listings', module: 'PostAdPage', guard: 'landlord' },
  { path: ROUTES.myListings, remote: 'mf_listings', module: 'MyListingsPage', guard: 'landlordAds' },

  { path: ROUTES.flatmates, remote: 'mf_profile', module: 'FlatmatesPage', guard: 'public' },
  { path: ROUTES.myFlatmateProfile, remote: 'mf_profile', module: 'MyProfilePage', guard: 'user' },

  // The trust and safety team's queue, resolved reports and audit log; its tab is in the query string.
  { path: ROUTES.moderation, remote: 'mf_moderation', module: 'ModerationPage', guard: 'moderator' },

  { path: ROUTES.messages, remote: 'mf_messaging', module: 'ConversationsPage', guard: 'messages' },
  { path: ROUTE_PATTERNS.chat, remote: 'mf_messaging', module: 'ChatPage', guard: 'messages' },

  { path: ROUTES.login, shell: 'LoginPage', guard: 'public' },
  { path: ROUTES.register, shell: 'RegisterPage', guard: 'public' },
  { path: ROUTES.forgotPassword, shell: 'ForgotPasswordPage', guard: 'public' },
  { path: ROUTES.resetPassword, shell: 'ResetPasswordPage', guard: 'public' },
  { path: ROUTES.verifyEmail, shell: 'VerifyEmailPage', guard: 'public' },

  // Links of the original design that had no page, made real: they replace themselves in the history.
  { path: ROUTES.signup, redirect: ROUTES.register, guard: 'public' },
  { path: ROUTES.safetyAdvice, redirect: ROUTES.safety, guard: 'public' },

  // Blog and static pages: mf_content's ContentPage reads the pathname itself.
  { path: ROUTES.blog, ...content },
  { path: ROUTE_PATTERNS.blogPost, ...content },
  { path: ROUTES.pricing, ...content },
  { path: ROUTES.aboutUs, ...content },
  { path: ROUTES.contactUs, ...content },
  { path: ROUTES.faq, ...content },
  { path: ROUTES.safety, ...content },
  { path: ROUTES.advice, ...content },
  { path: ROUTES.careers, ...content },
  { path: ROUTES.press, ...content },
  { path: ROUTES.terms, ...content },
  { path: ROUTES.privacy, ...content },
  { path: ROUTES.advertiserTips, ...content },
  { path: ROUTES.sitemap, ...content },
  { path: ROUTES.news, ...content },
  // The newsletter email's links: confirm a subscription, unsubscribe.
  { path: NEWSLETTER_PAGES.confirm, ...content },
  { path: NEWSLETTER_PAGES.unsubscribe, ...content },
  // A notification email's unsubscribe link (alerts, unread messages).
  { path: EMAIL_PAGES.unsubscribe, ...content },
  { path: ROUTE_PATTERNS.newsArticle, ...content },
  { path: ROUTE_PATTERNS.newsCategory, ...content },
  { path: ROUTES.accessibility, ...content },

  // Any other path.
  { path: '*', shell: 'NotFoundPage', guard: 'public' },
];

/** The remote pages of the table, as index.html's early preload and the intent prefetch match them. */
export const remoteRoutes = (table: readonly RouteEntry[] = ROUTE_TABLE) =>
  table.flatMap((r) => {
    if (!('remote' in r)) return [];
    const role = r.guard === 'public' ? undefined : GUARDS[r.guard].role;
    return [{ path: r.path, remote: r.remote, module: r.module, guarded: r.guard !== 'public', ...(role ? { role } : {}) }];
  });
