import { ANNUAL_DISCOUNT_PERCENT } from '@roomnest/shared';
import { TEST_USERS } from '@roomnest/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';
import { DEFAULT_PAYMENT_LINKS, paymentLink } from './payment-links.ts';

const plan = (name: string) => within(screen.getByRole('listitem', { name }));

describe('Pricing page', () => {
  it('shows the three plans with their monthly prices', async () => {
    await renderContent('/pricing');
    expect(screen.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeTruthy();
    expect(plan('Basic').getByText('£0')).toBeTruthy();
    expect(plan('Basic').getByText('1 room listing, free forever')).toBeTruthy();
    expect(plan('Basic').getByText('2 free messages')).toBeTruthy();
    expect(plan('Basic').getByText('Unlimited messages upgrade for £5/month')).toBeTruthy();
    expect(plan('Premium').getByText('£19.99')).toBeTruthy();
    expect(plan('Premium').getByText('Up to 5 rooms')).toBeTruthy();
    expect(plan('Professional').getByText('£49.99')).toBeTruthy();
    expect(plan('Professional').getByText('Unlimited rooms')).toBeTruthy();
  });

  it('marks Basic as the current plan for a member on the Free plan', async () => {
    await renderContent('/pricing', { user: TEST_USERS.tenant });
    expect(plan('Basic').getByText('Current plan')).toBeTruthy();
    expect(plan('Premium').queryByText('Current plan')).toBeNull();
    expect(plan('Professional').queryByText('Current plan')).toBeNull();
  });

  it('marks no plan as current for a visitor, and offers the free sign-up', async () => {
    await renderContent('/pricing');
    expect(screen.queryByText('Current plan')).toBeNull();
    expect(plan('Basic').getByRole('link', { name: 'Get started free' }).getAttribute('href')).toBe('/register');
  });

  it('opens the Premium and Professional payment pages in a new tab', async () => {
    await renderContent('/pricing');
    for (const name of ['Premium', 'Professional'] as const) {
      const link = plan(name).getByRole('link', { name: new RegExp(`Subscribe to ${name}`) });
      expect(link.textContent).toBe('Subscribe');
      expect(link.getAttribute('href')).toBe(DEFAULT_PAYMENT_LINKS[name]);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('ties the payment to the signed-in member', () => {
    const url = new URL(paymentLink('Premium', TEST_USERS.landlord));
    expect(url.origin + url.pathname).toBe(DEFAULT_PAYMENT_LINKS.Premium);
    expect(url.searchParams.get('client_reference_id')).toBe(String(TEST_USERS.landlord.userId));
    expect(url.searchParams.get('prefilled_email')).toBe(TEST_USERS.landlord.email);
  });

  it('shows a Premium member their plan instead of a Subscribe button', async () => {
    await renderContent('/pricing', { user: TEST_USERS.premiumLandlord });
    expect(plan('Premium').getByText('Current plan')).toBeTruthy();
    expect(plan('Premium').queryByRole('link', { name: /Subscribe/ })).toBeNull();
    expect(plan('Professional').getByRole('link', { name: /Subscribe/ })).toBeTruthy();
  });

  it('has an FAQ with the annual discount and the 30-day listing life', async () => {
    await renderContent('/pricing');
    const faq = within(screen.getByRole('region', { name: 'Frequently asked questions' }));
    expect(faq.getByText(new RegExp(`save ${ANNUAL_DISCOUNT_PERCENT}%`))).toBeTruthy();
    expect(faq.getByText(/Standard listings stay active for 30 days/)).toBeTruthy();
  });

  it('opens an FAQ answer like the FAQ page does, and links to the full FAQ', async () => {
    await renderContent('/pricing');
    const faq = within(screen.getByRole('region', { name: 'Frequently asked questions' }));
    const question = faq.getByRole('button', { name: 'Can I pay annually?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(question.getAttribute('aria-controls') ?? '')?.hidden).toBe(false);
    expect(faq.getByRole('link', { name: 'frequently asked questions' }).getAttribute('href')).toBe('/faq');
  });

  it('welcomes a new member after sign-up with a link to log in', async () => {
    await renderContent('/pricing?signup=true');
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('Your account is ready — log in to get started');
    expect(within(banner).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('shows no welcome banner without the signup flag', async () => {
    await renderContent('/pricing');
    expect(screen.queryByText(/Your account is ready/)).toBeNull();
  });
});
