import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logInWithStorage } from '../support/app.ts';

test('in the listing manager Delete is shown in the danger colour, apart from View and Edit', async ({ page, request }) => {
  await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord2, '/my-listings');
  const row = page.getByRole('main').getByRole('article').first();
  const colour = (name: string) => row.getByRole(name === 'Delete' ? 'button' : 'link', { name, exact: true }).evaluate((el) => getComputedStyle(el).color);
  const danger = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-danger)';
    document.body.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return value;
  });
  expect(await colour('Delete')).toBe(danger);
  expect(await colour('Edit')).not.toBe(danger);
  expect(await colour('View')).not.toBe(danger);
});
