/**
 * What each plan allows, as a member meets it: a Free landlord at the listing limit is told on arrival at
 * /post-ad; a Free member starts conversations with 2 new people a month and replies freely; anyone switches
 * between Tenant and Landlord from My Profile; the listing form's amenity names stay inside their chips.
 * Each test makes its own people.
 */
import { expect, test, type Page } from '@playwright/test';
import { PLAN_TEXTS } from '@roomnest/shared';
import { bearer, logInWithStorage, mainNav, member, postRoom, storedSession, toast } from '../support/app.ts';

const limitNotice = (page: Page) => page.getByRole('region', { name: 'You have reached your plan’s listing limit' });
const postForm = (page: Page) => page.getByRole('form', { name: 'Post a room' });

test.describe('the listing limit, on arrival at /post-ad', () => {
  test('a Free landlord with a live listing is told before any form, with the ways on; with none, the form shows', async ({ page, request }) => {
    const landlord = await member(request, 'Landlord', 'Lola Limit');
    const listingId = await postRoom(request, landlord);
    await logInWithStorage(page, request, landlord, '/post-ad');
    await expect(limitNotice(page)).toBeVisible();
    await expect(postForm(page)).toHaveCount(0);
    await expect(limitNotice(page)).toContainText('Your Free plan allows 1 active listing, and you have one.');
    await expect(limitNotice(page)).toContainText('Marking it Unavailable does not free its place.');
    await expect(limitNotice(page)).toContainText(/your next one expires on \d{1,2} \w+ \d{4}/);
    await expect(limitNotice(page).getByRole('link', { name: 'Manage My Ads' }).first()).toHaveAttribute('href', '/my-listings');
    await expect(limitNotice(page).getByRole('link', { name: 'Compare plans' }).first()).toHaveAttribute('href', '/pricing');

    // The way on through Manage My Ads: delete it, and the form is there.
    await limitNotice(page).getByRole('link', { name: 'Manage My Ads' }).first().click();
    await expect(page).toHaveURL(/\/my-listings$/);
    await expect(page.getByText(/Your Free plan: 1 of 1 active listing used/)).toBeVisible();
    await page.getByRole('article', { name: 'Bright double room by London Fields' }).getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete listing' }).click();
    await expect(page.getByRole('article', { name: 'Bright double room by London Fields' })).toHaveCount(0);
    expect((await request.get(`/api/listings/${listingId}`)).status()).toBe(404);
    await mainNav(page).getByRole('link', { name: 'List Your Ad' }).click();
    await expect(postForm(page)).toBeVisible();
    await expect(limitNotice(page)).toHaveCount(0);
  });
});

test.describe('new conversations on the Free plan', () => {
  test('2 new people a month, told before writing; then the limit; a reply to someone who wrote first still goes', async ({ page, request }) => {
    test.setTimeout(90_000);
    const tenant = await member(request, 'Tenant', 'Tara Tenant');
    const landlords = [await member(request, 'Landlord', 'Lenny One'), await member(request, 'Landlord', 'Lenny Two'), await member(request, 'Landlord', 'Lenny Three')];
    // Each has a room in search, so anyone may message them.
    for (const [i, l] of landlords.entries()) await postRoom(request, l, { Title: `Room ${i + 1} of the Lennys` });

    await logInWithStorage(page, request, tenant, `/messages/chat/${landlords[0]!.id}`);
    for (const [i, l] of landlords.slice(0, 2).entries()) {
      if (i > 0) await page.goto(`/messages/chat/${l.id}`);
      await expect(page.getByRole('heading', { level: 1, name: l.name })).toBeVisible();
      const left = PLAN_TEXTS.newConversationsLeft(2 - i);
      await expect(page.getByText(left)).toBeVisible();
      const box = page.getByRole('textbox', { name: `Message to ${l.name}` });
      await box.fill(`Hello ${l.name}, is your room still free?`);
      await box.press('Enter');
      await expect(page.getByRole('log').getByText(`Hello ${l.name}, is your room still free?`)).toBeVisible();
      // The conversation exists now: nothing more to say about new ones.
      await expect(page.getByText(left)).toHaveCount(0);
    }

    const third = landlords[2]!;
    await page.goto(`/messages/chat/${third.id}`);
    await expect(page.getByRole('heading', { level: 1, name: third.name })).toBeVisible();
    const limit = page.getByText(/^Free accounts can start conversations with 2 new people a month/);
    await expect(limit).toBeVisible();
    await expect(page.getByRole('link', { name: 'See plans and the unlimited messages upgrade' })).toHaveAttribute('href', '/pricing');
    const box = page.getByRole('textbox', { name: `Message to ${third.name}` });
    await box.fill('Hello?');
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    // The server says the same to anyone who gets past the page.
    const refused = await request.post('/api/messages', { headers: bearer(tenant), data: { ReceiverID: third.id, MessageContent: 'Hello?' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Upgrade for unlimited messages\.$/);

    // The third landlord writes first: replying is free, and the chat shows it live.
    const first = await request.post('/api/messages', { headers: bearer(third), data: { ReceiverID: tenant.id, MessageContent: 'Saw your profile: want to see my room?' } });
    expect(first.status()).toBe(201);
    await expect(page.getByRole('log').getByText('Saw your profile: want to see my room?')).toBeVisible();
    await expect(limit).toHaveCount(0);
    await box.fill('Yes please!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log').getByText('Yes please!')).toBeVisible();
  });
});

test.describe('switching between Tenant and Landlord', () => {
  test('a tenant becomes a landlord from My Profile (nav and stored user at once); back only without live listings', async ({ page, request }) => {
    // Two switches and two reloads: more than one page's worth of time on a busy machine.
    test.setTimeout(90_000);
    const me = await member(request, 'Tenant', 'Sam Switcher');
    await logInWithStorage(page, request, me, '/my-flatmate-profile');
    const card = page.getByRole('region', { name: 'Account type' });
    await expect(card).toContainText('Tenant');
    await expect(mainNav(page).getByRole('link', { name: 'List Your Ad' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Switch to a landlord account' }).click();
    await expect(toast(page, /Your account is now a landlord account/)).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'List Your Ad' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Manage My Ads' })).toBeVisible();
    expect(JSON.parse((await storedSession(page)).user ?? '{}')).toMatchObject({ userId: me.id, userType: 'Landlord' });
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

    // A landlord now, with the same session: a room goes up; then the way back is explained before trying.
    const listingId = await postRoom(request, me, { Title: 'Spare room of a new landlord' });
    await page.reload();
    await expect(card.getByRole('button', { name: 'Switch to a tenant account' })).toBeDisabled();
    await expect(card).toContainText('You have 1 live listing, and a tenant account cannot keep listings.');
    await expect(card.getByRole('link', { name: 'Manage My Ads' })).toHaveAttribute('href', '/my-listings');

    expect((await request.delete(`/api/listings/${listingId}`, { headers: bearer(me) })).status()).toBe(200);
    await page.reload();
    await card.getByRole('button', { name: 'Switch to a tenant account' }).click();
    await expect(toast(page, 'Your account is now a tenant account.')).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'List Your Ad' })).toHaveCount(0);
    expect(JSON.parse((await storedSession(page)).user ?? '{}')).toMatchObject({ userType: 'Tenant' });
  });
});

/** Every amenity chip whose name runs out of it: [name, scrollWidth, clientWidth]. */
async function overflowingAmenities(page: Page) {
  const group = page.getByRole('group', { name: /Amenities/ });
  await expect(group.getByRole('checkbox')).toHaveCount(9);
  return group.locator('label').evaluateAll((labels) =>
    labels.flatMap((label) => {
      const name = label.querySelector('span:last-child') as HTMLElement;
      return [label as HTMLElement, name]
        .filter((el) => el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > label.getBoundingClientRect().right + 0.5)
        .map((el) => [name.textContent, el.scrollWidth, el.clientWidth] as const);
    }),
  );
}

test.describe('the listing form at 1280 px', () => {
  test('no amenity name spills out of its chip on the post and edit forms', async ({ page, request }) => {
    expect(page.viewportSize()?.width).toBe(1280);
    const landlord = await member(request, 'Landlord', 'Ada Amenities');
    await logInWithStorage(page, request, landlord, '/post-ad');
    await expect(postForm(page)).toBeVisible();
    expect(await overflowingAmenities(page)).toEqual([]);

    const listingId = await postRoom(request, landlord);
    await page.goto(`/rooms/${listingId}/edit`);
    await expect(page.getByRole('checkbox', { name: 'WiFi' })).toBeChecked();
    expect(await overflowingAmenities(page)).toEqual([]);
  });
});

test('flatmate cards: three to a row on desktop', async ({ page }) => {
  await page.goto('/flatmates');
  const cards = page.getByRole('list', { name: 'Flatmate profiles' }).getByRole('article');
  await expect(cards.nth(3)).toBeVisible();
  const boxes = await Promise.all([0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!));
  expect(new Set(boxes.slice(0, 3).map((b) => Math.round(b.y))).size).toBe(1);
  expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
});
