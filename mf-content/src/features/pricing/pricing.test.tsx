import { ANNUAL_DISCOUNT_PERCENT } from '@roomnest/shared';
import { json, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';
import { DEFAULT_PAYMENT_LINKS, paymentLink } from './payment-links.ts';

const plan = (name: string) => within(screen.getByRole('listitem', { name }));

// Signed-in renders ask for the plan usage: unanswered (404) unless a test says otherwise.
beforeEach(() => stubFetch(() => undefined));
afterEach(() => vi.unstubAllGlobals());

describe('Pricing page', () => {
  it('shows the three plans with their monthly prices', async () => {
    await renderContent('/pricing');
    expect(screen.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeTruthy();
    expect(plan('Free').getByText('£0')).toBeTruthy();
    expect(plan('Free').getByText('1 room listing, free forever')).toBeTruthy();
    expect(plan('Free').getByText('2 free messages: start conversations with 2 new people a month')).toBeTruthy();
    expect(plan('Free').getByText('Replies are always free: answer everyone who messages you')).toBeTruthy();
    expect(plan('Free').getByText('Unlimited messages upgrade for £5/month')).toBeTruthy();
    expect(plan('Premium').getByText('£19.99')).toBeTruthy();
    expect(plan('Premium').getByText('Up to 5 rooms')).toBeTruthy();
    expect(plan('Professional').getByText('£49.99')).toBeTruthy();
    expect(plan('Professional').getByText('Unlimited rooms')).toBeTruthy();
  });

  it('marks Free as the current plan for a member on the Free plan', async () => {
    await renderContent('/pricing', { user: TEST_USERS.tenant });
    expect(plan('Free').getByText('Current plan')).toBeTruthy();
    expect(plan('Premium').queryByText('Current plan')).toBeNull();
    expect(plan('Professional').queryByText('Current plan')).toBeNull();
  });

  it('marks no plan as current for a visitor, and offers the free sign-up', async () => {
    await renderContent('/pricing');
    expect(screen.queryByText('Current plan')).toBeNull();
    expect(plan('Free').getByRole('link', { name: 'Get started free' }).getAttribute('href')).toBe('/register');
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

  it('calls the plan Free everywhere on the page, never Basic', async () => {
    await renderContent('/pricing', { user: TEST_USERS.tenant });
    expect(document.body.textContent).not.toMatch(/\bBasic\b/);
    expect(screen.getByRole('heading', { level: 2, name: 'Free' })).toBeTruthy();
  });

  it('states the messaging rule plainly: 2 new people a calendar month, replies free, what lifts it', async () => {
    await renderContent('/pricing');
    const rule = screen.getByText('Messages on the Free plan.').parentElement!;
    expect(rule.textContent).toContain('Free accounts can start conversations with 2 new people a calendar month.');
    expect(rule.textContent).toContain('Replying to someone who wrote to you first is always free, so a landlord can answer every enquiry.');
    expect(rule.textContent).toContain('Premium, Professional and the £5/month unlimited messages upgrade remove the limit.');
    const faq = within(screen.getByRole('region', { name: 'Frequently asked questions' }));
    expect(faq.getByRole('button', { name: 'What counts as one of my 2 free messages?' })).toBeTruthy();
  });

  it('tells a signed-in Free member what is left this month and offers the unlimited messages upgrade', async () => {
    stubFetch((_r, url) =>
      url.pathname === '/api/users/plan-usage'
        ? json({
            plan: 'Free',
            unlimitedMessages: false,
            listings: { limit: 1, active: 0, nextExpiresAt: null, lastExpiresAt: null },
            newConversations: { limit: 2, started: 1, remaining: 1, resetsOn: '2026-09-01' },
          })
        : undefined,
    );
    await renderContent('/pricing', { user: TEST_USERS.tenant });
    expect(await plan('Free').findByText('You can start 1 more new conversation this month.')).toBeTruthy();
    const upgrade = plan('Free').getByRole('link', { name: /Add unlimited messages for £5 a month/ });
    expect(upgrade.getAttribute('href')).toContain(DEFAULT_PAYMENT_LINKS.UnlimitedMessages);
    expect(upgrade.getAttribute('target')).toBe('_blank');
  });

  it('says so when the upgrade is on', async () => {
    stubFetch((_r, url) =>
      url.pathname === '/api/users/plan-usage'
        ? json({
            plan: 'Free',
            unlimitedMessages: true,
            listings: { limit: 1, active: 0, nextExpiresAt: null, lastExpiresAt: null },
            newConversations: { limit: null, started: 5, remaining: null, resetsOn: '2026-09-01' },
          })
        : undefined,
    );
    await renderContent('/pricing', { user: TEST_USERS.tenant });
    expect(await plan('Free').findByText('Unlimited messages are on for your account.')).toBeTruthy();
    expect(plan('Free').queryByRole('link', { name: /Add unlimited messages/ })).toBeNull();
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
