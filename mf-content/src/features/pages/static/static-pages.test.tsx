import { lookUpPage, ROUTES } from '@roomnest/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../../test/render-content.tsx';

describe('Advertiser tips', () => {
  it('has three groups of four tips: listing quality, managing inquiries, successful rentals', async () => {
    await renderContent('/advertiser-tips');
    for (const group of ['Listing quality', 'Managing inquiries', 'Successful rentals']) {
      const region = screen.getByRole('region', { name: group });
      expect(within(region).getAllByRole('listitem')).toHaveLength(4);
      expect(within(region).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    }
  });

  it('links to /pricing, /safety-advice and /contact-us', async () => {
    await renderContent('/advertiser-tips');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const href of ['/pricing', '/safety-advice', '/contact-us']) expect(hrefs).toContain(href);
  });
});

describe('Sitemap', () => {
  it('has its five groups', async () => {
    await renderContent('/sitemap');
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Find & List', 'About Us', 'Help & Support', 'Resources', 'Legal']);
    for (const group of groups) expect(within(screen.getByRole('region', { name: group ?? '' })).getAllByRole('link').length).toBeGreaterThanOrEqual(3);
  });

  it('links only to pages of the route table (/safety-advice among them, which the shell redirects to /safety)', async () => {
    await renderContent('/sitemap');
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    expect(links).toContain(ROUTES.safetyAdvice);
    expect(new Set(links).size).toBe(links.length);
    for (const href of links) expect({ href, page: lookUpPage(href) }).toEqual({ href, page: { kind: 'page' } });
  });
});

describe('About us', () => {
  it('tells the story with the East London focus, 50,000 active users and the expansion', async () => {
    const { container } = await renderContent('/about-us');
    const text = container.textContent ?? '';
    expect(text).toContain('50,000');
    expect(text).toMatch(/from London to Manchester and Birmingham/);
    expect(text).toMatch(/Shoreditch, Canary Wharf, Stratford, Hackney/);
    for (const heading of ['Our story', 'Our mission', 'Built in East London', 'Where we are going', 'What we value'])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'RoomNest in numbers' })).getAllByRole('listitem')).toHaveLength(4);
  });
});

describe('Careers', () => {
  it('lists four to six open roles, each with its location and type and an email to apply', async () => {
    await renderContent('/careers');
    const roles = within(screen.getByRole('list', { name: 'Open roles' })).getAllByRole('listitem');
    expect(roles.length).toBeGreaterThanOrEqual(4);
    expect(roles.length).toBeLessThanOrEqual(6);
    for (const role of roles) {
      const title = within(role).getByRole('heading', { level: 3 }).textContent ?? '';
      expect(role.textContent).toMatch(/London|Manchester|Birmingham|remote/);
      expect(role.textContent).toMatch(/Full-time|Part-time/);
      const apply = within(role).getByRole('link', { name: `Apply by email for ${title}` });
      expect(apply.getAttribute('href')).toBe(`mailto:careers@roomnest.co.uk?subject=${encodeURIComponent(`Application: ${title}`)}`);
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Benefits' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How to apply' })).toBeTruthy();
  });
});

describe('Accessibility statement', () => {
  it('targets WCAG 2.1 AA, lists known limitations and links to the contact page', async () => {
    await renderContent('/accessibility');
    expect(screen.getByText(/Web Content Accessibility Guidelines \(WCAG\) 2\.1 at\s+level AA/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Known limitations' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact-us');
  });
});

describe('Safety and advice', () => {
  it('safety covers scams, viewings, the deposit schemes and reporting', async () => {
    await renderContent('/safety');
    for (const name of ['Spotting a scam', 'Viewing safely', 'Deposits and the deposit protection schemes', 'How to report a problem'])
      expect(screen.getByRole('region', { name })).toBeTruthy();
    const deposits = within(screen.getByRole('region', { name: 'Deposits and the deposit protection schemes' }));
    for (const scheme of ['Deposit Protection Service', 'mydeposits', 'Tenancy Deposit Scheme', 'SafeDeposits Scotland']) expect(deposits.getAllByText(new RegExp(scheme)).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Action Fraud' }).getAttribute('href')).toBe('https://www.actionfraud.police.uk/');
  });

  it('advice covers budgets, right to rent, inventories, council tax and bills', async () => {
    await renderContent('/advice');
    for (const name of ['Setting your budget', 'Right to rent checks', 'Inventories and moving in', 'Council tax', 'Bills and sharing costs'])
      expect(screen.getByRole('region', { name })).toBeTruthy();
  });
});
