/**
 * Accessibility (the accessibility page promises WCAG 2.1 AA).
 *
 * 1. axe-core on every route of the shell's route table, logged out, as a
 *    tenant and as a landlord: no serious or critical violation. The routes
 *    come from the table itself, so a new route is checked without touching
 *    this file; parameters are filled with real ids (the worker's own room and
 *    conversation, a blog post, a news article and category).
 * 2. The same on states a page only reaches by interaction: forms showing
 *    their errors, a dialog, an accordion, the phone menu and filters.
 * 3. Every control of every form has a name, and submitting a form with
 *    mistakes announces them (role=alert), marks the fields (aria-invalid),
 *    ties each message to its field (aria-describedby) and focuses the first.
 * 4. Following a link moves focus to the new page's main heading.
 *
 * The keyboard-only journeys are in keyboard.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { ROUTE_TABLE, type RouteEntry } from '../../shell/src/app/route-table.ts';
import { axeViolations, describeViolations, expect, mainHeading, settled, test, type People, type Role } from '../support/a11y.ts';

// Motion off: colour contrast is measured on finished transitions, never mid-fade.
test.use({ reducedMotion: 'reduce' });

/** Who may open a route (docs/product.md, Routes and guards); the others are redirected, which navigation.spec.ts covers. */
const ROLES_OF_GUARD: Record<RouteEntry['guard'], readonly Role[]> = {
  public: ['visitor', 'tenant', 'landlord'],
  user: ['tenant', 'landlord'],
  messages: ['tenant', 'landlord'],
  landlord: ['landlord'],
  landlordAds: ['landlord'],
  // No role here is a moderator: a tenant is shown, at the same address, the page that says who may see it.
  moderator: ['tenant'],
};

/** A route's pattern as a real URL. */
function urlOf(path: string, people: People, role: Role): string {
  const partner = role === 'landlord' ? people.tenant : people.landlord;
  const urls: Record<string, string> = {
    '/rooms/:id': `/rooms/${people.roomId}`,
    '/rooms/:id/edit': `/rooms/${people.roomId}/edit`,
    '/messages/chat/:otherUserId': `/messages/chat/${partner.user.userId}`,
    '/blog/:slug': '/blog/understanding-tenancy-agreement',
    '/news/:id': '/news/1',
    '/news/category/:slug': '/news/category/market-analysis',
    // The emailed link's form (its token is only checked on submit).
    '/reset-password': '/reset-password?token=a11y-check',
    '*': '/no-such-page',
  };
  return urls[path] ?? path;
}

/** Every page of the route table (a redirect lands on another of its routes). */
const PAGES = ROUTE_TABLE.filter((route) => !('redirect' in route));

test.describe('axe-core on every route: no serious or critical violation', () => {
  for (const role of ['visitor', 'tenant', 'landlord'] as const) {
    test.describe(role, () => {
      test.use({ role });
      for (const { path } of PAGES.filter((route) => ROLES_OF_GUARD[route.guard].includes(role))) {
        test(path, async ({ page, people }) => {
          const url = urlOf(path, people, role);
          await page.goto(url);
          await settled(page);
          expect(new URL(page.url()).pathname, `${url} was redirected`).toBe(url.split('?')[0]);
          const violations = await axeViolations(page);
          expect(violations, describeViolations(violations)).toEqual([]);
        });
      }
    });
  }
});

const form = (page: Page, name: string): Locator => page.getByRole('main').getByRole('form', { name });
const submit = async (page: Page, formName: string, button: string) => form(page, formName).getByRole('button', { name: button, exact: true }).press('Enter');

interface PageState {
  name: string;
  role: Role;
  path: (people: People) => string;
  phone?: boolean;
  /** Brings the page into the state; resolves once it is there. */
  reach: (page: Page) => Promise<void>;
}

const STATES: PageState[] = [
  {
    name: 'the login form showing its errors',
    role: 'visitor',
    path: () => '/login',
    reach: async (page) => {
      await submit(page, 'Log in', 'Log in');
      await expect(page.getByRole('alert').first()).toBeVisible();
    },
  },
  {
    name: 'the register form showing its errors',
    role: 'visitor',
    path: () => '/register',
    reach: async (page) => {
      await submit(page, 'Register', 'Register');
      await expect(page.getByRole('alert').first()).toBeVisible();
    },
  },
  {
    name: 'the post-ad form showing its errors',
    // A landlord with a listing already is at the Free plan's limit, and is shown that instead of the form.
    role: 'newLandlord',
    path: () => '/post-ad',
    reach: async (page) => {
      await submit(page, 'Post a room', 'Post your ad');
      await expect(page.getByRole('alert').first()).toBeVisible();
    },
  },
  {
    name: 'the contact form showing its errors',
    role: 'visitor',
    path: () => '/contact-us',
    reach: async (page) => {
      await submit(page, 'Send us a message', 'Send message');
      await expect(page.getByRole('alert').first()).toBeVisible();
    },
  },
  {
    name: 'the save-search dialog open',
    role: 'tenant',
    path: () => '/rooms?city=London&roomType=Double',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Save this search' }).press('Enter');
      await expect(page.getByRole('dialog', { name: 'Save this search' })).toBeVisible();
    },
  },
  {
    name: 'the delete-listing dialog open',
    role: 'landlord',
    path: (people) => `/rooms/${people.roomId}`,
    reach: async (page) => {
      await page.getByRole('button', { name: 'Delete Listing' }).press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'an FAQ answer open',
    role: 'visitor',
    path: () => '/faq',
    reach: async (page) => {
      const question = page.getByRole('button', { name: 'How long does my listing stay active?' });
      await question.press('Enter');
      await expect(question).toHaveAttribute('aria-expanded', 'true');
    },
  },
  {
    name: 'the phone menu open',
    role: 'tenant',
    path: () => '/pricing',
    phone: true,
    reach: async (page) => {
      const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
      await menu.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Flatmates' })).toBeVisible();
    },
  },
  {
    name: 'the phone room filters open',
    role: 'visitor',
    path: () => '/find-a-room',
    phone: true,
    reach: async (page) => {
      const toggle = page.getByRole('button', { name: 'Filters' });
      await toggle.press('Enter');
      await expect(page.getByRole('search', { name: 'Filter rooms' })).toBeVisible();
    },
  },
];

test.describe('axe-core on interactive states', () => {
  for (const state of STATES) {
    test.describe(state.role, () => {
      test.use({ role: state.role, ...(state.phone ? { viewport: { width: 375, height: 740 }, hasTouch: true } : {}) });
      test(state.name, async ({ page, people }) => {
        await page.goto(state.path(people));
        await settled(page);
        await state.reach(page);
        const violations = await axeViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
      });
    });
  }
});

interface FormCase {
  role: Role;
  path: string;
  form: string;
  submit: string;
  /** Typed before submitting (label → text). */
  fill?: Record<string, string>;
  /** The labels of the fields that must then be in error, first one first. */
  invalid: string[];
}

const FORMS: FormCase[] = [
  { role: 'visitor', path: '/login', form: 'Log in', submit: 'Log in', invalid: ['Email', 'Password'] },
  { role: 'visitor', path: '/register', form: 'Register', submit: 'Register', invalid: ['Full name', 'Email', 'Password'] },
  { role: 'visitor', path: '/forgot-password', form: 'Reset password', submit: 'Send reset link', invalid: ['Email'] },
  { role: 'visitor', path: '/reset-password?token=a11y-check', form: 'Set a new password', submit: 'Set new password', invalid: ['New password'] },
  { role: 'visitor', path: '/contact-us', form: 'Send us a message', submit: 'Send message', invalid: ['Your name', 'Email address', 'Subject', 'Message'] },
  { role: 'visitor', path: '/news', form: 'Get RoomNest news by email', submit: 'Subscribe', fill: { 'Email address': 'not-an-email' }, invalid: ['Email address'] },
  { role: 'visitor', path: '/', form: 'Search rooms and flatmates', submit: 'Search rooms', fill: { 'Min rent (£/month)': '-5' }, invalid: ['Min rent (£/month)'] },
  { role: 'visitor', path: '/find-a-room', form: 'Filter rooms', submit: 'Apply Filters', fill: { 'Min rent (£)': '900', 'Max rent (£)': '500' }, invalid: ['Max rent (£)'] },
  {
    role: 'newLandlord',
    path: '/post-ad',
    form: 'Post a room',
    submit: 'Post your ad',
    invalid: ['Title', 'Room type', 'Rent per month (£)', 'Available date', 'Address', 'City', 'State / county', 'Postcode'],
  },
  { role: 'tenant', path: '/my-flatmate-profile', form: 'Your profile', submit: 'Save profile', fill: { Name: ' ', 'Phone number': 'call me' }, invalid: ['Name', 'Phone number'] },
];

test.describe('forms: every control named, errors announced and tied to their field', () => {
  for (const f of FORMS) {
    test.describe(f.role, () => {
      test.use({ role: f.role });
      test(`${f.path}: ${f.form}`, async ({ page }) => {
        await page.goto(f.path);
        await settled(page);
        const theForm = page.getByRole('form', { name: f.form }).or(page.getByRole('search', { name: f.form }));
        await expect(theForm).toBeVisible();

        const controls = theForm.locator('input:not([type="hidden"]), select, textarea');
        expect(await controls.count()).toBeGreaterThan(0);
        for (const control of await controls.all()) {
          if (!(await control.isVisible())) continue;
          await expect(control, `a control of ${f.form} has no name`).toHaveAccessibleName(/\S/);
        }

        for (const [label, text] of Object.entries(f.fill ?? {})) await theForm.getByLabel(label, { exact: true }).fill(text);
        await theForm.getByRole('button', { name: f.submit, exact: true }).press('Enter');

        for (const label of f.invalid) {
          const field = theForm.getByLabel(label, { exact: true });
          await expect(field, `${label} is marked invalid`).toHaveAttribute('aria-invalid', 'true');
          const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
          const messages = page.locator(describedBy.split(/\s+/).filter(Boolean).map((id) => `[id="${id}"][role="alert"]`).join(', ') || 'none');
          await expect(messages, `${label}: its error is an alert it is described by`).toHaveCount(1);
          await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp((await messages.innerText()).trim())));
        }
        await expect(theForm.getByLabel(f.invalid[0] ?? '', { exact: true }), 'focus goes to the first field in error').toBeFocused();
      });
    });
  }
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A link and where it goes. */
interface Hop {
  link: (page: Page) => Locator;
  url: RegExp;
}
const nav = (name: string | RegExp): Hop['link'] => (page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const footer = (href: string): Hop['link'] => (page) => page.getByRole('contentinfo').locator(`a[href="${href}"]`).first();
const inMain = (selector: string): Hop['link'] => (page) => page.getByRole('main').locator(selector).first();
const to = (path: string) => new RegExp(`${escapeRegExp(path)}$`);

/** Walks, per role, through links to every kind of page: each hop is a client-side navigation. */
const WALKS: { role: Role; start: string; hops: Hop[] }[] = [
  {
    role: 'visitor',
    start: '/pricing',
    hops: [
      { link: nav('Find a Room'), url: to('/find-a-room') },
      { link: inMain('a[href^="/rooms/"]'), url: /\/rooms\/\d+$/ },
      { link: nav('Flatmates'), url: to('/flatmates') },
      { link: nav('Blog'), url: to('/blog') },
      { link: inMain('a[href^="/blog/"]'), url: /\/blog\/[a-z-]+$/ },
      { link: footer('/news'), url: to('/news') },
      { link: inMain('a[href^="/news/category/"]'), url: /\/news\/category\/[a-z-]+$/ },
      { link: inMain('a[href^="/news/"]:not([href*="category"])'), url: /\/news\/\d+$/ },
      { link: nav('Login'), url: to('/login') },
      { link: inMain('a[href="/forgot-password"]'), url: to('/forgot-password') },
      { link: nav('Register'), url: to('/register') },
      { link: nav('Pricing'), url: to('/pricing') },
      ...['/about-us', '/careers', '/press', '/contact-us', '/faq', '/safety', '/advice', '/accessibility', '/advertiser-tips', '/terms-conditions', '/privacy-policy', '/sitemap'].map(
        (path) => ({ link: footer(path), url: to(path) }),
      ),
      { link: nav('RoomNest home'), url: /:\d+\/$/ },
    ],
  },
  {
    role: 'landlord',
    start: '/pricing',
    hops: [
      { link: nav('List Your Ad'), url: to('/post-ad') },
      { link: nav('Manage My Ads'), url: to('/my-listings') },
      { link: inMain('a[href$="/edit"]'), url: /\/rooms\/\d+\/edit$/ },
      { link: nav(/^Messages/), url: to('/messages') },
      { link: inMain('a[href^="/messages/chat/"]'), url: /\/messages\/chat\/\d+$/ },
      { link: nav('My Profile'), url: to('/my-flatmate-profile') },
    ],
  },
  {
    role: 'tenant',
    start: '/pricing',
    hops: [
      { link: nav('List My Profile'), url: to('/my-flatmate-profile') },
      { link: nav('Saved'), url: to('/saved') },
      { link: nav(/^Messages/), url: to('/messages') },
      { link: inMain('a[href^="/messages/chat/"]'), url: /\/messages\/chat\/\d+$/ },
    ],
  },
];

test.describe('focus moves to the new page’s main heading', () => {
  for (const walk of WALKS) {
    test.describe(walk.role, () => {
      test.use({ role: walk.role });
      test(`following ${walk.hops.length} links from ${walk.start}`, async ({ page }) => {
        test.slow();
        await page.goto(walk.start);
        await settled(page);
        for (const hop of walk.hops) {
          const link = hop.link(page);
          const href = await link.getAttribute('href');
          await link.press('Enter');
          await expect(page, `following ${href}`).toHaveURL(hop.url);
          await expect(mainHeading(page), `the heading of ${href} has focus`).toBeFocused();
        }
      });
    });
  }
});
