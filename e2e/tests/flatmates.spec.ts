/**
 * Flatmates and profiles: a tenant's profile from the editor to
 * flatmate search and back, pagination, the Message rules, and account deletion.
 * Each test makes its own people with a location nobody else uses, so it
 * finds exactly them whatever the demo data holds.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_TEXTS, TEXTS, type LoginResponse } from '@roomnest/shared';
import sharp from 'sharp';
import { logInThroughUi, logInWithStorage, registerAccount, storedSession, toast, type Account } from '../support/app.ts';

/** A place name of this run only, e.g. 'Testford k3x9q'. */
const uniquePlace = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7)}`;

const cards = (page: Page) => page.getByRole('list', { name: 'Flatmate profiles' }).getByRole('article');
const cardOf = (page: Page, name: string) => page.getByRole('article', { name });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter flatmates' });
const resultsHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Flatmate seekers/ });

interface Seeker extends Account {
  userId: number;
  token: string;
}

/** A tenant with a listed flatmate profile, made through the API. */
async function createSeeker(request: APIRequestContext, name: string, place: string, budget: [number, number] = [600, 900]): Promise<Seeker> {
  const account = await registerAccount(request, 'Tenant', name);
  const login = await request.post('/api/auth/login', { data: { Email: account.email, Password: account.password } });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as LoginResponse;
  const headers = { authorization: `Bearer ${token}` };
  const saved = await request.put('/api/users/profile', {
    headers,
    multipart: {
      Name: name,
      PhoneNumber: '',
      Bio: `${name} works in the City and is tidy, friendly and out cycling most weekends.`,
      LookingForDescription: 'A double room in a calm flatshare near the Overground.',
      BudgetMin: String(budget[0]),
      BudgetMax: String(budget[1]),
      PreferredLocations: `${place}, Hackney`,
      FlatmateMoveInDate: '2027-02-01',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const listed = await request.put('/api/users/profile', { headers, data: { IsActivelyLooking: true } });
  expect(listed.status(), await listed.text()).toBe(200);
  return { ...account, userId: user.userId, token };
}

/** A small PNG, as a phone camera would not make it but a server must accept it. */
const portrait = () =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: { r: 11, g: 110, b: 105 } } })
    .png()
    .toBuffer();

test.describe('flatmate profiles', () => {
  test('a tenant fills in and lists their profile, finds it with matching filters and not with others, then unlists it', async ({ page, request }) => {
    const place = uniquePlace('Testford');
    const account = await registerAccount(request, 'Tenant', 'Nadia Okonkwo');
    await logInWithStorage(page, request, account, '/my-flatmate-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'List My Profile' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Your profile' });
    await form.getByLabel('Profile picture').setInputFiles({ name: 'nadia.png', mimeType: 'image/png', buffer: await portrait() });
    await expect(form.getByRole('img', { name: 'Nadia Okonkwo' })).toHaveAttribute('src', /^blob:/);
    await form.getByLabel('Phone number').fill('07700 900456');
    await form.getByLabel('Bio').fill('Nurse at the Homerton, early riser, quiet in the evenings and happy to share cooking.');
    await form.getByLabel('Looking for').fill('A bright double room with one or two easy-going flatmates.');
    await form.getByLabel('Min budget (£)').fill('640');
    await form.getByLabel('Max budget (£)').fill('880');
    await form.getByLabel('Preferred locations').fill(`${place}, Stratford`);
    await form.getByLabel('Move-in date').fill('2027-03-01');

    // The browser's own checks first: a max below the min is not sent.
    await form.getByLabel('Max budget (£)').fill('600');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.getByText('Maximum budget must not be below the minimum budget.')).toBeVisible();
    await form.getByLabel('Max budget (£)').fill('880');
    await page.getByRole('button', { name: 'Save profile' }).click();

    // Saved: the picture now comes from the server, and the session user carries it.
    await expect(form.getByRole('img', { name: 'Nadia Okonkwo' })).toHaveAttribute('src', /^\/uploads\//);
    await expect.poll(async () => JSON.parse((await storedSession(page)).user ?? '{}').profilePictureURL).toMatch(/^\/uploads\//);

    const visibility = page.getByRole('region', { name: 'Flatmate search' });
    await expect(visibility.getByText('Not listed', { exact: true })).toBeVisible();
    await visibility.getByRole('button', { name: 'List my profile' }).click();
    await expect(toast(page, 'Your profile is listed: it now appears in flatmate search.')).toBeVisible();
    await expect(visibility.getByText('Listed', { exact: true })).toBeVisible();

    // Matching filters, through the filter form.
    await page.goto('/flatmates');
    await filters(page).getByLabel('Preferred locations').fill(place);
    await filters(page).getByLabel('Min budget (£)').fill('700');
    await filters(page).getByLabel('Max budget (£)').fill('800');
    await filters(page).getByLabel('Move-in by').fill('2027-03-15');
    await filters(page).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/budget_min=700&budget_max=800&move_in_date=2027-03-15$/);
    const mine = cardOf(page, 'Nadia Okonkwo');
    await expect(mine).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(mine.getByText('£640 – £880 / month')).toBeVisible();
    await expect(mine.getByText('1 Mar 2027')).toBeVisible();
    await expect(mine.getByRole('list', { name: 'Preferred locations' }).getByRole('listitem')).toHaveText([place, 'Stratford']);
    await expect(mine.getByRole('img', { name: 'Nadia Okonkwo' })).toHaveAttribute('src', /^\/uploads\//);
    // Their own card: no Message button.
    await expect(mine.getByRole('link', { name: /^Message/ })).toHaveCount(0);
    await expect(mine.getByText('This is your profile.')).toBeVisible();

    // Not with filters it does not meet: budget above its range, a move-in before theirs, another place.
    const q = encodeURIComponent(place);
    for (const query of [`preferred_locations=${q}&budget_min=900`, `preferred_locations=${q}&move_in_date=2027-02-15`, `preferred_locations=${encodeURIComponent(uniquePlace('Nowhere'))}`]) {
      await page.goto(`/flatmates?${query}`);
      await expect(page.getByText(TEXTS.flatmatesEmpty)).toBeVisible();
      await expect(cardOf(page, 'Nadia Okonkwo')).toHaveCount(0);
    }

    // Unlisted, it disappears.
    await page.goto('/my-flatmate-profile');
    await page.getByRole('region', { name: 'Flatmate search' }).getByRole('button', { name: 'Unlist my profile' }).click();
    await expect(toast(page, 'Your profile is unlisted: it no longer appears in flatmate search.')).toBeVisible();
    await page.goto(`/flatmates?preferred_locations=${q}`);
    await expect(page.getByText(TEXTS.flatmatesEmpty)).toBeVisible();
  });

  test('pages through results, and Message on another seeker opens the chat', async ({ page, request }) => {
    // Thirteen accounts are made first: one more than a page.
    test.setTimeout(120_000);
    const place = uniquePlace('Pageton');
    const seekers: Seeker[] = [];
    for (let i = 1; i <= 13; i += 1) seekers.push(await createSeeker(request, `Seeker ${String(i).padStart(2, '0')} ${place}`, place));
    const me = await registerAccount(request, 'Tenant', 'Owen Price');
    await logInWithStorage(page, request, me, `/flatmates?city=${encodeURIComponent(place)}`);

    // The Home search box's city arrives as the preferred location.
    await expect(filters(page).getByLabel('Preferred locations')).toHaveValue(place);
    await expect(cards(page)).toHaveCount(12);
    await expect(resultsHeading(page)).toContainText('Page 1 of 2');
    const pages = page.getByRole('navigation', { name: 'Flatmate results pages' });
    await pages.getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(resultsHeading(page)).toContainText('Page 2 of 2');
    const firstPageNames = new Set<string>();
    await pages.getByRole('link', { name: /Previous/ }).click();
    await expect(cards(page)).toHaveCount(12);
    for (const name of await cards(page).getByRole('heading', { level: 3 }).allInnerTexts()) firstPageNames.add(name);
    expect(firstPageNames.size).toBe(12);

    const other = seekers[0]!;
    const otherName = `Seeker 01 ${place}`;
    await page.goto(`/flatmates?preferred_locations=${encodeURIComponent(place)}&page=${firstPageNames.has(otherName) ? 1 : 2}`);
    await cardOf(page, otherName).getByRole('link', { name: `Message ${otherName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/chat/${other.userId}$`));
  });

  test("a visitor's Message click goes to /login, and back to the search after logging in", async ({ page, request }) => {
    const place = uniquePlace('Visitham');
    const seeker = await createSeeker(request, 'Grace Adeyemi', place);
    const search = `/flatmates?preferred_locations=${encodeURIComponent(place)}`;
    await page.goto(search);
    await cardOf(page, 'Grace Adeyemi').getByRole('link', { name: 'Message Grace Adeyemi' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, TEXTS.loginRequired)).toBeVisible();

    const visitor = await registerAccount(request, 'Tenant', 'Ivy Visitor');
    await logInThroughUi(page, visitor);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === search);
    await cardOf(page, 'Grace Adeyemi').getByRole('link', { name: 'Message Grace Adeyemi' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/chat/${seeker.userId}$`));
  });

  test('a tenant deletes their account after confirming, is logged out and can no longer log in', async ({ page, request }) => {
    const account = await registerAccount(request, 'Tenant', 'Leo Fischer');
    await logInWithStorage(page, request, account, '/my-flatmate-profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();

    await logInThroughUi(page, account);
    await expect(page.getByRole('alert').filter({ hasText: API_TEXTS.invalidCredentials })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    const again = await request.post('/api/auth/login', { data: { Email: account.email, Password: account.password } });
    expect(again.status()).toBe(401);
  });
});
