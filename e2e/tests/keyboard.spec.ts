/**
 * Keyboard-only journeys: no mouse, no clicks. Focus is
 * moved only with Tab and Shift+Tab (`tabTo`), and things are done with
 * Enter, Space, arrow keys and typing, so each journey also proves that
 * every control on its way is reachable, in a sensible order, and works
 * from the keyboard. A page opened by a link must put focus on its heading.
 */
import type { Page } from '@playwright/test';
import { logInWithStorage, registerAccount } from '../support/app.ts';
import { expect, mainHeading, tabTo, test } from '../support/a11y.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * A date at least a week ahead whose day and month are the same number, typed
 * as ddmmyyyy: a date field reads it right whether the browser's own order is
 * day first or month first (Chromium's follows its UI language, not the page's).
 */
function typedDate(): { typed: string; iso: string } {
  for (let days = 7; ; days += 1) {
    const iso = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = iso.split('-');
    if (m === d) return { typed: `${d}${m}${y}`, iso };
  }
}

test.describe('keyboard only', () => {
  test('the skip link is the first stop and jumps to the main content', async ({ page }) => {
    await page.goto('/pricing');
    await expect(mainHeading(page)).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test.describe('visitor', () => {
    test('logs in: errors first, then the nav shows the session', async ({ page, people }) => {
      await page.goto('/');
      await expect(mainHeading(page)).toBeVisible();
      await tabTo(page, nav(page).getByRole('link', { name: 'Login' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/login$/);
      await expect(mainHeading(page)).toBeFocused();

      const form = page.getByRole('form', { name: 'Log in' });
      await tabTo(page, form.getByRole('button', { name: 'Log in' }));
      await page.keyboard.press('Enter');
      const email = form.getByLabel('Email');
      await expect(email).toBeFocused();
      await expect(email).toHaveAttribute('aria-invalid', 'true');

      await page.keyboard.type(people.tenant.account.email);
      await page.keyboard.press('Tab');
      await expect(form.getByLabel('Password')).toBeFocused();
      await page.keyboard.type(people.tenant.account.password);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(nav(page).getByRole('button', { name: 'Log Out' })).toBeVisible();
    });

    test('searches rooms from Home, filters and sorts them, opens one and goes back to the results', async ({ page }) => {
      await page.goto('/');
      await expect(mainHeading(page)).toBeVisible();
      const box = page.getByRole('search', { name: 'Search rooms and flatmates' });
      await tabTo(page, box.getByLabel('Location'));
      await page.keyboard.type('London');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/rooms\?city=London$/);
      await expect(mainHeading(page)).toBeFocused();

      const filters = page.getByRole('search', { name: 'Filter rooms' });
      const roomType = filters.getByLabel('Room type');
      await tabTo(page, roomType);
      // Any type → Single → Double.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(roomType).toHaveValue('Double');
      // The sort order sits beside the results, after the filters, and applies at once; focus stays on it.
      const sortBy = page.getByLabel('Sort by', { exact: true });
      await tabTo(page, sortBy);
      await page.keyboard.press('ArrowDown');
      await expect(sortBy).toHaveValue('rent_asc');
      await expect(page).toHaveURL(/\/rooms\?city=London&sortBy=rent_asc$/);
      await expect(page.locator('section[aria-labelledby="room-results-heading"]')).toHaveAttribute('aria-busy', 'false');
      await expect(sortBy).toBeFocused();
      // The room type chosen before is still in the form, to apply.
      await expect(roomType).toHaveValue('Double');
      await tabTo(page, filters.getByRole('button', { name: 'Apply Filters' }), { back: true });
      await page.keyboard.press('Space');
      await expect(page).toHaveURL(/roomType=Double/);
      await expect(page).toHaveURL(/sortBy=rent_asc/);
      const results = page.getByRole('heading', { level: 2, name: /rooms? found$/ });
      await expect(results).toBeFocused();

      const firstRoom = page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').first();
      const title = (await firstRoom.getByRole('heading').innerText()).trim();
      await tabTo(page, firstRoom.getByRole('link', { name: 'View Details' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/rooms\/\d+$/);
      await expect(mainHeading(page)).toBeFocused();
      await expect(mainHeading(page)).toHaveText(title);

      await tabTo(page, page.getByRole('link', { name: 'Back to search results' }), { back: true });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/rooms\?.*roomType=Double/);
    });
  });

  test.describe('landlord', () => {
    test('posts an ad: the errors, then every field from the keyboard', async ({ page, request }) => {
      // A landlord of their own: the Free plan allows one listing.
      const landlord = await registerAccount(request, 'Landlord', 'Keyboard Landlord');
      await logInWithStorage(page, request, landlord, '/');
      await expect(mainHeading(page)).toBeVisible();
      await tabTo(page, nav(page).getByRole('link', { name: 'List Your Ad' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/post-ad$/);
      await expect(mainHeading(page)).toBeFocused();

      const form = page.getByRole('form', { name: 'Post a room' });
      const field = (label: string) => form.getByLabel(label, { exact: true });
      await tabTo(page, form.getByRole('button', { name: 'Post your ad' }));
      await page.keyboard.press('Enter');
      await expect(field('Title')).toBeFocused();
      await expect(form.getByRole('alert').first()).toBeVisible();

      const title = `Keyboard-posted double room ${Date.now().toString(36)}`;
      const available = typedDate();
      const typed: [label: string, text: string][] = [
        ['Title', title],
        ['Description (optional)', 'A calm double room, posted without a mouse.'],
      ];
      for (const [label, text] of typed) {
        await tabTo(page, field(label));
        await page.keyboard.type(text);
      }
      await tabTo(page, field('Room type'));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(field('Room type')).toHaveValue('Double');
      await tabTo(page, field('Rent per month (£)'));
      await page.keyboard.type('875');
      await tabTo(page, field('Available date'));
      await page.keyboard.type(available.typed);
      await expect(field('Available date')).toHaveValue(available.iso);
      for (const [label, text] of [
        ['Address', '8 Chatsworth Road, Clapton'],
        ['City', 'London'],
        ['State / county', 'Greater London'],
        ['Postcode', 'E5 0LP'],
      ] as const) {
        await tabTo(page, field(label));
        await page.keyboard.type(text);
      }
      const wifi = form.getByRole('checkbox', { name: 'WiFi' });
      await tabTo(page, wifi);
      await page.keyboard.press('Space');
      await expect(wifi).toBeChecked();

      await tabTo(page, form.getByRole('button', { name: 'Post your ad' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/rooms\/\d+$/);
      await expect(mainHeading(page)).toHaveText(title);
      await expect(mainHeading(page)).toBeFocused();
    });
  });

  test.describe('tenant', () => {
    test.use({ role: 'tenant' });

    test('contacts a landlord from a room and sends messages; Enter sends, Shift+Enter breaks the line', async ({ page, people }) => {
      const landlord = people.landlord.user.name;
      await page.goto(`/rooms/${people.roomId}`);
      await expect(mainHeading(page)).toBeVisible();
      await tabTo(page, page.getByRole('button', { name: 'Contact Landlord' }));
      await page.keyboard.press('Enter');
      // The chat opens about the room, with the enquiry drafted.
      await expect(page).toHaveURL(new RegExp(`/messages/chat/${people.landlord.user.userId}\\?listing=${people.roomId}$`));
      await expect(mainHeading(page)).toHaveText(landlord);
      await expect(mainHeading(page)).toBeFocused();

      const box = page.getByRole('textbox', { name: `Message to ${landlord}` });
      const thread = page.getByRole('log', { name: `Messages with ${landlord}` });
      await tabTo(page, box);
      await page.keyboard.press('ControlOrMeta+A'); // over the drafted enquiry
      await page.keyboard.type('Could I see the room on Saturday?');
      await page.keyboard.press('Enter');
      await expect(thread.getByText('Could I see the room on Saturday?')).toBeVisible();
      await expect(box).toHaveValue('');
      await expect(box).toBeFocused();

      await page.keyboard.type('Morning is best for me.');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('Or any time after 4pm.');
      await expect(box).toHaveValue('Morning is best for me.\nOr any time after 4pm.');
      await page.keyboard.press('Enter');
      await expect(thread.getByText(/Morning is best for me\.\s+Or any time after 4pm\./)).toBeVisible();

      // Back up to the nav, and into the same conversation from the list.
      await tabTo(page, nav(page).getByRole('link', { name: /^Messages/ }), { back: true });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/messages$/);
      await expect(mainHeading(page)).toBeFocused();
      await tabTo(page, page.getByRole('link', { name: new RegExp(`^Conversation with ${landlord}`) }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/messages/chat/${people.landlord.user.userId}$`));
      await expect(thread.getByText('Could I see the room on Saturday?')).toBeVisible();
    });
  });

  test.describe('landlord with a listing', () => {
    test.use({ role: 'landlord' });

    test('the delete dialog starts on Cancel, keeps focus inside, and Escape closes it back onto its button', async ({ page, people }) => {
      await page.goto(`/rooms/${people.roomId}`);
      await expect(mainHeading(page)).toBeVisible();
      const remove = page.getByRole('button', { name: 'Delete Listing' });
      await tabTo(page, remove);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      for (let i = 0; i < 4; i += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((el) => el.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await expect(mainHeading(page)).toBeVisible();
    });
  });
});
