/**
 * Runs in the 375 px "phone" project: flatmate cards are compact enough that a phone shows more than one at a
 * time, and still carry every field of a flatmate card (docs/product.md, Screens: flatmates).
 */
import { expect, test } from '@playwright/test';

test('flatmate cards are at most 320 px tall on a 375 px phone, with every field of the card', async ({ page }) => {
  // The demo seekers wanting Shoreditch: ordinary profiles, not the odd ones other specs make (inert-content.spec's
  // script-like names and locations wrap the chips onto more lines, as they should).
  await page.goto('/flatmates?preferred_locations=Shoreditch');
  const cards = page.getByRole('list', { name: 'Flatmate profiles' }).getByRole('article');
  await expect(cards.nth(5)).toBeVisible();
  for (let i = 0; i < 6; i++) {
    const card = cards.nth(i);
    const box = (await card.boundingBox())!;
    expect(box.height, `card ${i + 1} is ${Math.round(box.height)} px tall`).toBeLessThanOrEqual(320);
    expect(box.width).toBeLessThanOrEqual(375);
    // Name, picture, budget, move-in date, locations, both snippets and the Message button.
    await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(card.getByRole('img').first()).toBeVisible();
    await expect(card.getByText(/£[\d,]+ – £[\d,]+ \/ month|From £|Up to £|Budget not given/)).toBeVisible();
    for (const label of ['Move-in date', 'Locations', 'About', 'Looking for']) await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Preferred locations' }).getByRole('listitem').first()).toBeVisible();
    await expect(card.getByRole('link', { name: /^Message/ })).toBeVisible();
  }
  // Two cards fit in one screen.
  const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
  expect(second.y + second.height - first.y).toBeLessThanOrEqual(page.viewportSize()!.height);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
