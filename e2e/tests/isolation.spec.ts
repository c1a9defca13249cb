/**
 * Failure isolation, for every remote and every way it can fail:
 * its deployment answers 404, refuses connections, accepts and never answers,
 * or its page throws while rendering. Its routes show the error view with
 * Retry within the load timeout; the nav, the footer, login, toasts and
 * another remote's page keep working; the failure is reported to the API's
 * log; and once the remote is back, Retry loads it in the same document.
 *
 * Each test opens the remote's page first (a guarded page by way of the
 * login screen; /moderation as a moderator made by `npm run moderators`), logs in through the login screen while the remote is down
 * unless it did already, opens a page of another remote, comes back to the
 * remote (still down), then heals it and presses Retry. Everything after the
 * first page load is client-side, so a flag set on `window` proves nothing
 * reloaded.
 */
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { REMOTE_FAILURE_REPORTS_PATH, TEXTS } from '@roomnest/shared';
import { DEMO_ACCOUNTS, logInThroughUi, mainNav, registerAccount, toast, type Account } from '../support/app.ts';
import { makeModerator } from '../support/moderators.ts';

type FailureKind = 'missing' | 'refused' | 'hanging' | 'throwing';

interface PageOfRemote {
  /** The main nav's link to it (a landlord sees every one). */
  link: string;
  path: string;
  heading: string;
}

interface RemoteCase extends PageOfRemote {
  remote: string;
  /** Only for a logged-in user (a landlord for mf_listings): opening it logged out leads to the login screen with this toast. */
  guarded?: string;
  /** Its folder in the deployment store. */
  pkg: string;
  /** The exposed module behind `path`. */
  module: string;
  /** Only for moderators: the test logs in as a fresh account made a moderator by the command line. */
  moderator?: boolean;
}

const PAGES = {
  content: { link: 'Pricing', path: '/pricing', heading: 'Plans and pricing' },
  search: { link: 'Find a Room', path: '/find-a-room', heading: 'Find a room' },
  profile: { link: 'Flatmates', path: '/flatmates', heading: 'Find a flatmate' },
  listings: { link: 'Manage My Ads', path: '/my-listings', heading: 'Manage my ads' },
  messaging: { link: 'Messages', path: '/messages', heading: 'Messages' },
  moderation: { link: 'Moderation', path: '/moderation', heading: 'Moderation' },
} satisfies Record<string, PageOfRemote>;

const REMOTES: RemoteCase[] = [
  { remote: 'mf_content', pkg: 'mf-content', module: 'ContentPage', ...PAGES.content },
  { remote: 'mf_search', pkg: 'mf-search', module: 'RoomSearchPage', ...PAGES.search },
  { remote: 'mf_profile', pkg: 'mf-profile', module: 'FlatmatesPage', ...PAGES.profile },
  { remote: 'mf_listings', pkg: 'mf-listings', module: 'MyListingsPage', guarded: TEXTS.loginRequired, ...PAGES.listings },
  { remote: 'mf_messaging', pkg: 'mf-messaging', module: 'ConversationsPage', guarded: TEXTS.messagesLoginRequired, ...PAGES.messaging },
  { remote: 'mf_moderation', pkg: 'mf-moderation', module: 'ModerationPage', guarded: TEXTS.loginRequired, moderator: true, ...PAGES.moderation },
];

const KINDS: FailureKind[] = ['missing', 'refused', 'hanging', 'throwing'];
/** What the shell reports each failure as. */
const REPORTED_KIND = { missing: 'load', refused: 'load', hanging: 'timeout', throwing: 'render' } as const;

/** The load timeout while a remote hangs, and for everything else: a cold load on a busy 2-core runner can take 2 s. */
const SHORT_TIMEOUT_MS = 1500;
const NORMAL_TIMEOUT_MS = 15_000;

/** The landlord's nav has a link to a page of every remote but mf-moderation's, which only a moderator's has. */
const ACCOUNT = DEMO_ACCOUNTS.landlord;

/** The account a test of `target` logs in as. */
async function accountFor(page: Page, target: RemoteCase): Promise<Account> {
  if (!target.moderator) return ACCOUNT;
  const account = await registerAccount(page.request, 'Tenant', 'Isolation Moderator');
  makeModerator(account.email);
  return account;
}

const main = (page: Page) => page.getByRole('main');
const errorView = (page: Page) => main(page).getByText(TEXTS.remoteUnavailable);
const retryButton = (page: Page) => main(page).getByRole('button', { name: TEXTS.retry });
const headingOf = (page: Page, target: PageOfRemote) => main(page).getByRole('heading', { level: 1, name: target.heading });

const setLoadTimeout = (page: Page, ms: number) => page.evaluate((value) => Object.assign(window, { roomnestRemoteLoadTimeoutMs: value }), ms);

/** An exposed module's chunk that only re-exports the page as its default export (how the federation build emits them). */
const REEXPORT = /^\s*export\s*\{\s*([\w$]+)\s+as\s+default\s*\}\s*from\s*("[^"]+"|'[^']+')\s*;?\s*$/;

interface ExposedChunk {
  url: string;
  /** The same module, with a default export that throws while `window.roomnestBreakRender` is set. */
  throwing: string;
}
const exposedChunks = new Map<string, Promise<ExposedChunk>>();

/**
 * The chunk the live build of `target` loads for its page, found the way the
 * federation runtime finds it: remotes.json, the remote's mf-manifest.json
 * (which must expose the module), then its remoteEntry.js. Read once per worker.
 */
function exposedChunk(request: APIRequestContext, baseURL: string, target: RemoteCase): Promise<ExposedChunk> {
  const key = `${target.remote}/${target.module}`;
  let found = exposedChunks.get(key);
  if (!found) {
    const text = async (url: URL) => {
      const res = await request.get(url.href);
      expect(res.status(), url.href).toBe(200);
      return res.text();
    };
    found = (async () => {
      const registry = JSON.parse(await text(new URL('/remotes.json', baseURL))) as Record<string, { entry: string }>;
      const manifestUrl = new URL(registry[target.remote]!.entry, baseURL);
      const manifest = JSON.parse(await text(manifestUrl)) as { metaData: { remoteEntry: { path: string; name: string } }; exposes: { name: string }[] };
      expect(manifest.exposes.map((e) => e.name)).toContain(target.module);
      const { path, name } = manifest.metaData.remoteEntry;
      const entryUrl = new URL(`${path}${name}`, manifestUrl);
      const entry = await text(entryUrl);
      // `"./RoomSearchPage": async () => { … import("./assets/RoomSearchPage-<hash>.js") … }`
      const loader = new RegExp(`["'\`]\\./${target.module}["'\`]\\s*:[\\s\\S]{0,600}?import\\(\\s*["'\`](\\./assets/${target.module}-[\\w-]+\\.js)["'\`]`).exec(entry);
      if (!loader?.[1]) throw new Error(`${entryUrl.href} does not import an assets/${target.module}-*.js chunk`);
      const url = new URL(loader[1], entryUrl);
      const reexport = REEXPORT.exec(await text(url));
      if (!reexport) throw new Error(`${url.href} is not a re-export of the page`);
      const throwing =
        `import { ${reexport[1]} as Page } from ${reexport[2]};\n` +
        'export default function RenderFailureForTest(props) {\n' +
        `  if (window.roomnestBreakRender) throw new Error('Injected render failure of ${key}');\n` +
        '  return Page(props);\n' +
        '}\n';
      return { url: url.href, throwing };
    })();
    exposedChunks.set(key, found);
  }
  return found;
}

/**
 * Makes `target` fail the way `kind` says, through Playwright's routing of
 * its deployment folder; answers a function that brings it back.
 */
async function breakRemote(page: Page, target: RemoteCase, kind: FailureKind): Promise<() => Promise<void>> {
  const store = `**/store/${target.pkg}/**`;
  switch (kind) {
    case 'missing':
      await page.route(store, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found."}' }));
      return () => page.unroute(store);
    case 'refused':
      await page.route(store, (route) => route.abort('connectionrefused'));
      return () => page.unroute(store);
    case 'hanging':
      // Accept every request and never answer.
      await page.route(store, () => undefined);
      return () => page.unroute(store);
    case 'throwing': {
      // The page's module loads, but renders through a wrapper that throws while
      // `window.roomnestBreakRender` is set (as a page does on data it cannot handle).
      const chunk = await exposedChunk(page.request, test.info().project.use.baseURL!, target);
      await page.addInitScript(() => Object.assign(window, { roomnestBreakRender: true }));
      await page.route(chunk.url, (route) => route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: chunk.throwing }));
      return async () => {
        await page.evaluate(() => Object.assign(window, { roomnestBreakRender: false }));
      };
    }
  }
}

/** The shell's report of this failure to the API (the first one: the next ones are throttled). */
function failureReport(page: Page, target: RemoteCase, kind: FailureKind): Promise<Request> {
  const reported = page.waitForRequest(
    (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith(`/api${REMOTE_FAILURE_REPORTS_PATH}`)) return false;
      const body = request.postDataJSON() as { remote?: string; kind?: string } | null;
      return body?.remote === target.remote && body.kind === REPORTED_KIND[kind];
    },
    { timeout: 30_000 },
  );
  // Awaited below; this only keeps an early failure of the test from leaving it unhandled.
  reported.catch(() => undefined);
  return reported;
}

const isAt = (page: Page, target: PageOfRemote) => new URL(page.url()).pathname === target.path;
const urlOf = (target: PageOfRemote) => new RegExp(`${target.path}$`);

/** Opens `target` from the nav unless the page is there already. */
async function openFromNav(page: Page, target: PageOfRemote) {
  if (!isAt(page, target)) await mainNav(page).getByRole('link', { name: target.link }).click();
  await expect(page).toHaveURL(urlOf(target));
}

/** Logs in on the login screen (reached from the nav unless the page is there); answers with the greeting toast. */
async function logIn(page: Page, account: Account) {
  if (!page.url().endsWith('/login')) await mainNav(page).getByRole('link', { name: 'Login' }).click();
  // On the screen before filling it in (logInThroughUi would load /login afresh otherwise).
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughUi(page, account);
  await expect(toast(page, TEXTS.loginGreeting(account.name))).toBeVisible();
}

async function expectErrorView(page: Page, kind: FailureKind) {
  // A hanging remote fails after the short load timeout; any other failure at once, well before the normal one.
  const within = kind === 'hanging' ? SHORT_TIMEOUT_MS + 8000 : NORMAL_TIMEOUT_MS - 5000;
  await expect(errorView(page)).toBeVisible({ timeout: within });
  await expect(retryButton(page)).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

test.describe('failure isolation', () => {
  // Each test is a journey: a first page load, a login, five page changes and three remote loads. On a 2-core
  // runner shared with other builds (load average 15-20) they took 20-45 s: the time limit is for the journey;
  // each step still has its own 10 s expectation.
  test.describe.configure({ mode: 'parallel', timeout: 90_000 });

  for (const target of REMOTES) {
    // Logging in opens /pricing (mf_content): for any other remote, that is the other remote's page.
    const other = target.remote === 'mf_content' ? PAGES.search : PAGES.content;

    for (const kind of KINDS) {
      test(`${target.remote} ${kind}: its page shows Retry, the rest works, Retry recovers without a reload`, async ({ page }) => {
        /** The load timeout for a load of `next`: short only while the broken remote hangs. */
        const timeoutFor = (next: PageOfRemote) => (kind === 'hanging' && next.path === target.path ? SHORT_TIMEOUT_MS : NORMAL_TIMEOUT_MS);
        const account = await accountFor(page, target);
        const heal = await breakRemote(page, target, kind);
        await page.addInitScript((ms) => Object.assign(window, { roomnestRemoteLoadTimeoutMs: ms }), timeoutFor(target));
        const reported = failureReport(page, target, kind);

        // The remote's page: the error view with Retry, inside the frame. A guarded page
        // sends a visitor to the login screen first (a toast), and logging in comes back.
        await page.goto(target.path);
        // From here on, nothing may reload the document.
        await page.evaluate(() => Object.assign(window, { isolationSameDocument: true }));
        if (target.guarded) {
          await expect(page).toHaveURL(/\/login$/);
          await expect(toast(page, target.guarded)).toBeVisible();
          await logIn(page, account);
          await expect(page).toHaveURL(urlOf(target));
        }
        await expectErrorView(page, kind);

        // The failure reached the API's log.
        const report = await reported;
        expect(report.postDataJSON()).toMatchObject({ remote: target.remote, module: target.module, kind: REPORTED_KIND[kind], path: new URL(page.url()).pathname });
        expect((await report.response())?.status()).toBe(204);

        // Login and its toast work while the remote is down; logging in opens /pricing.
        if (!target.guarded) {
          await setLoadTimeout(page, timeoutFor(PAGES.content));
          await logIn(page, account);
          await expect(page).toHaveURL(urlOf(PAGES.content));
          if (target.remote === 'mf_content') await expectErrorView(page, kind);
        }

        // Another remote's page works.
        await setLoadTimeout(page, timeoutFor(other));
        await openFromNav(page, other);
        await expect(headingOf(page, other)).toBeVisible();
        await expect(errorView(page)).toHaveCount(0);

        // Back to the remote, still down: the error view again.
        await setLoadTimeout(page, timeoutFor(target));
        await openFromNav(page, target);
        await expectErrorView(page, kind);

        // The remote comes back: Retry loads it in the same document.
        await setLoadTimeout(page, NORMAL_TIMEOUT_MS);
        await heal();
        await retryButton(page).click();
        await expect(headingOf(page, target)).toBeVisible();
        await expect(errorView(page)).toHaveCount(0);
        expect(await page.evaluate(() => (window as unknown as { isolationSameDocument?: boolean }).isolationSameDocument)).toBe(true);
      });
    }
  }
});
