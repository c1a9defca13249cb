/**
 * Saved rooms on a 375 px phone: the heart is a thumb-sized target of its own on a card (it saves without opening
 * the room), the Saved link is in the folded menu, and the Saved rooms page fits without sideways scrolling.
 */
import { expect, test, type Page } from '@playwright/test';
import { logInWithStorage, mainNav, member } from '../support/app.ts';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('hearts on a phone: a big enough target, the Saved page in the menu, nothing overflows', async ({ page, request }) => {
  const tenant = await member(request, 'Tenant', 'Pia Phone');
  await logInWithStorage(page, request, tenant, '/rooms?city=Manchester');
  const cards = page.getByRole('list', { name: 'Rooms' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  const title = (await cards.first().getByRole('heading', { level: 3 }).innerText()).trim();

  // By card: demo rooms may share a title.
  const heart = cards.first().getByRole('button', { name: 'Save room' });
  await expect(heart).toHaveAccessibleDescription(title);
  const box = (await heart.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await heart.tap();
  await expect(cards.first().getByRole('button', { name: 'Remove from saved rooms' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/rooms\?city=Manchester$/);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // The room page's heart, beside its title.
  await cards.first().getByRole('link', { name: 'View Details' }).tap();
  const detailHeart = page.getByRole('button', { name: 'Remove from saved rooms', description: title });
  await expect(detailHeart).toHaveAttribute('aria-pressed', 'true');
  await expect(detailHeart).toBeInViewport();
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  const nav = mainNav(page);
  await nav.getByRole('button', { name: 'Menu' }).tap();
  await nav.getByRole('link', { name: 'Saved' }).tap();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved rooms' })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved rooms' }).getByRole('article');
  await expect(saved).toHaveCount(1);
  await expect(saved.first().getByRole('heading', { level: 3 })).toHaveText(title);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await saved.first().getByRole('button', { name: 'Remove from saved rooms' }).tap();
  await expect(page.getByRole('heading', { name: 'No saved rooms yet' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Find a room' })).toHaveAttribute('href', '/rooms');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});
