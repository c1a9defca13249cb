/** The Report dialog (shared/src/trust-ui) driven as a person would. */
import { expect, type Page } from '@playwright/test';

/** Fills in and sends the open Report dialog titled `title`; answers the thank-you dialog. */
export async function sendReport(page: Page, title: string, reason: RegExp, details: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill(details);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const sent = page.getByRole('dialog', { name: 'Report sent' });
  await expect(sent).toBeVisible();
  return sent;
}
