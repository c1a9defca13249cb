/**
 * The spec's route table (section 2) as data: which path shows which page,
 * and who may see it (section 6). The router (router.tsx) is built from it.
 * Remote pages are `remote/module` pairs of the federation contract; shell
 * pages are the few screens the shell renders itself.
 */
import type { PagePattern } from '@roomnest/shared';
import type { ExposedModule, RemoteName } from '@roomnest/shared/client';
import type { GuardName } from '../features/guards/guards.ts';

type ModuleOf<R extends RemoteName> = ExposedModule<R> extends `./${infer M}` ? M : never;

/** A page one of the remotes exposes. */
export type RemoteTarget = { [R in RemoteName]: { remote: R; module: ModuleOf<R> } }[RemoteName];

/** The screens the shell owns. */
export type ShellPage = 'LoginPage' | 'RegisterPage' | 'ForgotPasswordPage' | 'ResetPasswordPage' | 'NotFoundPage';

/**
 * Shell screens are public; guards apply to remote pages. Paths are the shared
 * PAGE_PATTERNS (what the server answers 200 for), and '*' for the 404 page.
 */
export type RouteEntry = { path: PagePattern | '*' } & ((RemoteTarget & { guard: GuardName }) | { shell: ShellPage; guard: 'public' } | { redirect: string; guard: 'public' });

const content = { remote: 'mf_content', module: 'ContentPage', guard: 'public' } as const;

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/', remote: 'mf_content', module: 'HomePage', guard: 'public' },

  { path: '/rooms', remote: 'mf_search', module: 'RoomSearchPage', guard: 'public' },
  { path: '/find-a-room', remote: 'mf_search', module: 'RoomSearchPage', guard: 'public' },
  { path: '/rooms/:id', remote: 'mf_search', module: 'RoomDetailPage', guard: 'public' },

  { path: '/rooms/:id/edit', remote: 'mf_listings', module: 'EditListingPage', guard: 'landlord' },
  { path: '/post-ad', remote: 'mf_listings', module: 'PostAdPage', guard: 'landlord' },
  { path: '/my-listings', remote: 'mf_listings', module: 'MyListingsPage', guard: 'landlordAds' },

  { path: '/flatmates', remote: 'mf_profile', module: 'FlatmatesPage', guard: 'public' },
  { path: '/my-flatmate-profile', remote: 'mf_profile', module: 'MyProfilePage', guard: 'user' },

  { path: '/messages', remote: 'mf_messaging', module: 'ConversationsPage', guard: 'messages' },
  { path: '/messages/chat/:otherUserId', remote: 'mf_messaging', module: 'ChatPage', guard: 'messages' },

  { path: '/login', shell: 'LoginPage', guard: 'public' },
  { path: '/register', shell: 'RegisterPage', guard: 'public' },
  { path: '/forgot-password', shell: 'ForgotPasswordPage', guard: 'public' },
  { path: '/reset-password', shell: 'ResetPasswordPage', guard: 'public' },

  // The spec's dead links, made real: they replace themselves in the history.
  { path: '/signup', redirect: '/register', guard: 'public' },
  { path: '/safety-advice', redirect: '/safety', guard: 'public' },

  // Blog and static pages: mf_content's ContentPage reads the pathname itself.
  { path: '/blog', ...content },
  { path: '/blog/:slug', ...content },
  { path: '/pricing', ...content },
  { path: '/about-us', ...content },
  { path: '/contact-us', ...content },
  { path: '/faq', ...content },
  { path: '/safety', ...content },
  { path: '/advice', ...content },
  { path: '/careers', ...content },
  { path: '/press', ...content },
  { path: '/terms-conditions', ...content },
  { path: '/privacy-policy', ...content },
  { path: '/advertiser-tips', ...content },
  { path: '/sitemap', ...content },
  { path: '/news', ...content },
  // The newsletter email's links: confirm a subscription, unsubscribe.
  { path: '/news/confirm-subscription', ...content },
  { path: '/news/unsubscribe', ...content },
  { path: '/news/:id', ...content },
  { path: '/news/category/:slug', ...content },
  { path: '/accessibility', ...content },

  // Any other path.
  { path: '*', shell: 'NotFoundPage', guard: 'public' },
];

/** The remote pages of the table, as index.html's early preload and the intent prefetch match them. */
export const remoteRoutes = (table: readonly RouteEntry[] = ROUTE_TABLE) =>
  table.flatMap((r) => ('remote' in r ? [{ path: r.path, remote: r.remote, module: r.module, guarded: r.guard !== 'public' }] : []));
