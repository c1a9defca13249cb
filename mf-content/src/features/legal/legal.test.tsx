import { MINIMUM_AGE } from '@roomnest/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';

const sectionsOf = () => screen.getAllByRole('region', { name: /^\d\. / });
const contents = () => within(screen.getByRole('navigation', { name: 'On this page' }));

describe('Terms and conditions', () => {
  it('has eight numbered sections, each in the contents', async () => {
    await renderContent('/terms-conditions');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '').filter((t) => /^\d\. /.test(t));
    expect(headings).toEqual([
      '1. About these terms',
      '2. Your account',
      '3. Using RoomNest',
      '4. Listings and advertisers',
      '5. Plans, payments and refunds',
      '6. Your content and ours',
      '7. Our responsibility to you',
      '8. Ending, changes and the law that applies',
    ]);
    expect(sectionsOf()).toHaveLength(8);
    const links = contents().getAllByRole('link');
    expect(links).toHaveLength(8);
    for (const link of links) {
      const id = link.getAttribute('href')?.split('#')[1] ?? '';
      expect(link.getAttribute('href')).toBe(`/terms-conditions#${id}`);
      expect(document.getElementById(id)?.tagName).toBe('H2');
    }
  });

  it("says 'Last updated 14 May 2025' and that service fees are non-refundable unless stated otherwise", async () => {
    await renderContent('/terms-conditions');
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated 14 May 2025');
    expect(screen.getByText('14 May 2025').getAttribute('datetime')).toBe('2025-05-14');
    expect(screen.getByText('Service fees are non-refundable unless stated otherwise.')).toBeTruthy();
    expect(screen.getByText(new RegExp(`be at least ${MINIMUM_AGE} years old`))).toBeTruthy();
    expect(screen.getByText(/Standard listings stay active for 30 days/)).toBeTruthy();
  });
});

describe('Privacy policy', () => {
  it('has nine numbered sections', async () => {
    await renderContent('/privacy-policy');
    expect(sectionsOf()).toHaveLength(9);
    expect(contents().getAllByRole('link')).toHaveLength(9);
  });

  it('names the rights to access, correct, delete, object and port data', async () => {
    await renderContent('/privacy-policy');
    const rights = screen.getByRole('region', { name: '7. Your rights' });
    const items = within(rights)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    for (const right of ['access', 'correct', 'delete', 'object', 'port']) expect(items.some((t) => t.startsWith(right))).toBe(true);
  });

  it('says the service is not for under-18s, with UK GDPR wording and the ICO complaint route', async () => {
    await renderContent('/privacy-policy');
    expect(screen.getByText(/RoomNest is not for anyone under 18\./)).toBeTruthy();
    expect(screen.getByText(/UK General Data Protection Regulation \(UK GDPR\)/)).toBeTruthy();
    const ico = screen.getByRole('link', { name: 'ico.org.uk/make-a-complaint' });
    expect(ico.getAttribute('href')).toBe('https://ico.org.uk/make-a-complaint/');
    expect(ico.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated 14 May 2025');
  });
});
