/**
 * Accessibility helpers: axe-core runs, and the people the accessibility and
 * keyboard suites browse as (one login per role and worker, reused by every
 * test through Playwright's storage state).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { LoginResponse, User } from '@roomnest/shared';
import { registerAccount, type Account } from './app.ts';

/** `newLandlord`: a landlord without any listing yet, for the post form (a Free landlord with one is shown the plan's limit instead). */
export type Role = 'visitor' | 'tenant' | 'landlord' | 'newLandlord';

/** The impacts that fail a page (zero serious or critical violations). */
export const FAILING_IMPACTS = ['serious', 'critical'] as const;

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is (every rule, not just WCAG-tagged ones)
 * and returns the violations that fail it, one line per rule and element,
 * legible in a test report.
 */
export async function axeViolations(page: Page, { include }: { include?: string } = {}): Promise<Violation[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const all = violations.map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  const failing = (v: Violation) => (FAILING_IMPACTS as readonly string[]).includes(v.impact);
  // The lesser findings do not fail the page; they are kept in the report (annotations) to be looked at.
  for (const v of all.filter((x) => !failing(x))) base.info().annotations.push({ type: `axe ${v.impact}`, description: `${page.url()} ${v.rule}: ${v.targets.join(', ')}` });
  return all.filter(failing);
}

export const describeViolations = (violations: Violation[]): string =>
  violations.map((v) => `${v.impact} ${v.rule}: ${v.help}\n    ${v.targets.slice(0, 5).join('\n    ')}`).join('\n');

/** The page's main heading. */
export const mainHeading = (page: Page): Locator => page.getByRole('main').getByRole('heading', { level: 1 });

/** Waits until a page has settled: its main heading shown and no loading indicator left. */
export async function settled(page: Page): Promise<void> {
  await expect(mainHeading(page).first()).toBeVisible();
  // LoadingState (shared/src/ui): a status with a spinner; and the room search's busy results.
  await expect(page.getByRole('main').locator('[role="status"]:has(> [aria-hidden="true"]), [aria-busy="true"]')).toHaveCount(0);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, as a keyboard
 * user would; fails when it is not reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 }: { back?: boolean; max?: number } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

export interface Person {
  account: Account;
  login: LoginResponse;
  user: User;
}

/** A tenant and a landlord with something to show: a listing, and a conversation between them. */
export interface People {
  tenant: Person;
  landlord: Person;
  /** The landlord's listing (Available, so public). */
  roomId: number;
  /** A landlord with no listing: the post form is theirs to fill in (the Free plan allows one). */
  newLandlord: Person;
}

const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

async function logIn(request: APIRequestContext, account: Account): Promise<Person> {
  const res = await request.post('/api/auth/login', { data: { Email: account.email, Password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  const login = (await res.json()) as LoginResponse;
  return { account, login, user: login.user };
}

const auth = (p: Person) => ({ authorization: `Bearer ${p.login.token}` });

async function createPeople(request: APIRequestContext): Promise<People> {
  const tenant = await logIn(request, await registerAccount(request, 'Tenant', 'Aisha Tenant'));
  const landlord = await logIn(request, await registerAccount(request, 'Landlord', 'Leon Landlord'));
  const posted = await request.post('/api/listings', {
    headers: auth(landlord),
    multipart: {
      Title: 'Bright double room near London Fields',
      Description: 'A quiet double room in a friendly three-bedroom flat, five minutes from the Overground.',
      Address: '21 Richmond Road, Hackney',
      City: 'London',
      State: 'Greater London',
      ZipCode: 'E8 3QW',
      RoomType: 'Double',
      Rent: '900',
      AvailableDate: inTwoWeeks(),
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const roomId = ((await posted.json()) as { listingId: number }).listingId;
  for (const [from, to, text] of [
    [tenant, landlord, 'Hello, is the room near London Fields still free?'],
    [landlord, tenant, 'Yes it is. Would you like to see it on Saturday?'],
  ] as const) {
    const sent = await request.post('/api/messages', { headers: auth(from), data: { ReceiverID: to.user.userId, MessageContent: text } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const newLandlord = await logIn(request, await registerAccount(request, 'Landlord', 'Nell Newlandlord'));
  return { tenant, landlord, roomId, newLandlord };
}

/**
 * `test` with a `role` option: a tenant or landlord starts every test logged
 * in (token and user in localStorage, as the app stores a session), a
 * visitor logged out. The people are created and logged in once per worker.
 */
export const test = base.extend<{ role: Role }, { people: People }>({
  role: ['visitor', { option: true }],
  people: [
    async ({ playwright }, provide, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await provide(await createPeople(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  storageState: async ({ role, people, baseURL }, provide) => {
    if (role === 'visitor') return provide({ cookies: [], origins: [] });
    const { login } = people[role];
    await provide({
      cookies: [],
      origins: [
        {
          origin: new URL(baseURL ?? '').origin,
          localStorage: [
            { name: 'authToken', value: login.token },
            { name: 'currentUser', value: JSON.stringify(login.user) },
          ],
        },
      ],
    });
  },
});
export { expect };
