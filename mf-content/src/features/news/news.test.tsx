import { NEWSLETTER_TEXTS, TEXTS } from '@roomnest/shared';
import { json, stubFetch } from '@roomnest/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';
import { NEWS_ARTICLES } from './news.ts';

afterEach(() => vi.unstubAllGlobals());

const SUBSCRIPTIONS = '/api/newsletter/subscriptions';
const categories = () => within(screen.getByRole('navigation', { name: 'News categories' }));
const articleTitles = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading', { level: 2 }).textContent);

describe('News list', () => {
  it('shows the three articles with date, category, excerpt and image, newest first', async () => {
    await renderContent('/news');
    expect(document.title).toBe('News | RoomNest');
    expect(articleTitles()).toEqual(NEWS_ARTICLES.map((a) => a.title));
    const first = within(screen.getAllByRole('article')[0] as HTMLElement);
    expect(first.getByText('12 May 2025').getAttribute('datetime')).toBe('2025-05-12');
    expect(first.getByRole('link', { name: 'Company News' }).getAttribute('href')).toBe('/news/category/company-news');
    expect(first.getByRole('link', { name: NEWS_ARTICLES[0]?.title }).getAttribute('href')).toBe('/news/1');
    expect(first.getByText(/more than 50,000 people a month/)).toBeTruthy();
    const image = screen.getAllByRole('article')[0]?.querySelector('img');
    expect(image?.getAttribute('src')).toBe(NEWS_ARTICLES[0]?.image);
    expect(image?.getAttribute('alt')).toBe('');
  });

  it('has the categories sidebar: All News and the five categories, with counts', async () => {
    await renderContent('/news');
    const links = categories().getAllByRole('link');
    expect(links.map((a) => [a.firstChild?.textContent, a.getAttribute('href')])).toEqual([
      ['All News', '/news'],
      ['Product Updates', '/news/category/product-updates'],
      ['Market Analysis', '/news/category/market-analysis'],
      ['Guides', '/news/category/guides'],
      ['Community', '/news/category/community'],
      ['Company News', '/news/category/company-news'],
    ]);
    expect(categories().getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/news');
    expect(categories().getByLabelText('3 articles')).toBeTruthy();
  });

  it('filters by category, marking the current one', async () => {
    await renderContent('/news/category/market-analysis');
    expect(screen.getByRole('heading', { level: 1, name: 'Market Analysis' })).toBeTruthy();
    expect(document.title).toBe('Market Analysis | News | RoomNest');
    expect(articleTitles()).toEqual(['East London room rents: what our spring 2025 listings tell us']);
    expect(categories().getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/news/category/market-analysis');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/news');
  });

  it('moves between categories from the sidebar, focusing the new heading', async () => {
    const view = await renderContent('/news');
    expect(document.activeElement).toBe(document.body);
    await userEvent.click(categories().getByRole('link', { name: /^Product Updates/ }));
    expect(view.location()).toBe('/news/category/product-updates');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Product Updates' });
    expect(document.activeElement).toBe(heading);
  });

  it('shows a friendly empty state for a category with no articles yet', async () => {
    await renderContent('/news/category/community');
    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: 'No Community stories yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'all our news' }).getAttribute('href')).toBe('/news');
  });

  it('says an unknown category is not found', async () => {
    await renderContent('/news/category/gossip');
    expect(screen.getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all news' }).getAttribute('href')).toBe('/news');
    expect(screen.queryByText(TEXTS.notFound)).toBeNull();
  });
});

describe('News article', () => {
  it.each(NEWS_ARTICLES.map((a) => [a.id, a.title] as const))('renders /news/%s in full with its image and breadcrumb', async (id, title) => {
    await renderContent(`/news/${id}`);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} | RoomNest`);
    const article = within(screen.getByRole('article'));
    expect(article.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    expect(article.getByRole('img').getAttribute('alt')?.length).toBeGreaterThan(20);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'News', title]);
    expect(screen.getByRole('form', { name: 'Get RoomNest news by email' })).toBeTruthy();
  });

  it.each(['4', '0', '01', 'abc'])('says article %s is not found', async (id) => {
    await renderContent(`/news/${id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all news' }).getAttribute('href')).toBe('/news');
  });
});

const form = () => within(screen.getByRole('form', { name: 'Get RoomNest news by email' }));
const email = () => form().getByLabelText('Email address') as HTMLInputElement;
const submit = () => userEvent.click(form().getByRole('button', { name: 'Subscribe' }));
const outcome = () => within(screen.getByRole('form', { name: 'Get RoomNest news by email' }).parentElement as HTMLElement).getByRole('status');

describe('Newsletter subscribe form', () => {
  it('has one email field of type email and checks it before sending', async () => {
    const net = stubFetch(() => undefined);
    await renderContent('/news');
    expect(email().getAttribute('type')).toBe('email');
    await submit();
    expect(await form().findByText(TEXTS.emailRequired)).toBeTruthy();
    await userEvent.type(email(), 'not-an-email');
    await submit();
    expect(await form().findByText(TEXTS.emailInvalid)).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it("posts {Email}, shows the server's message (check your inbox) and clears the field", async () => {
    const net = stubFetch((request, url) =>
      url.pathname === SUBSCRIPTIONS && request.method === 'POST' ? json({ message: NEWSLETTER_TEXTS.checkInbox }, 202) : undefined,
    );
    await renderContent('/news');
    await userEvent.type(email(), '  ada@example.co.uk ');
    await submit();
    expect(await screen.findByText(NEWSLETTER_TEXTS.checkInbox)).toBeTruthy();
    expect(outcome().textContent).toBe('Thanks! Please check your inbox to confirm your subscription.');
    expect(email().value).toBe('');
    const [request] = net.callsTo(SUBSCRIPTIONS, 'POST');
    expect(await request?.json()).toEqual({ Email: 'ada@example.co.uk' });
    expect(request?.headers.get('content-type')).toContain('application/json');
  });

  it('falls back to the same sentence when a success carries no message', async () => {
    stubFetch((_r, url) => (url.pathname === SUBSCRIPTIONS ? new Response(null, { status: 202 }) : undefined));
    await renderContent('/news/2');
    await userEvent.type(email(), 'ada@example.co.uk');
    await submit();
    expect(await screen.findByText(NEWSLETTER_TEXTS.checkInbox)).toBeTruthy();
  });

  it("shows a 429's message (too many sign-ups from one network)", async () => {
    const message = 'Too many newsletter sign-ups from your network. Please wait 45 minutes and try again.';
    stubFetch((_r, url) => (url.pathname === SUBSCRIPTIONS ? json({ message }, 429) : undefined));
    await renderContent('/news');
    await userEvent.type(email(), 'ada@example.co.uk');
    await submit();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("shows a 400's message and puts its field error on the email", async () => {
    stubFetch((_r, url) =>
      url.pathname === SUBSCRIPTIONS
        ? json({ message: 'Some fields are missing or invalid.', errors: [{ field: 'Email', message: 'This email address cannot receive mail.' }] }, 400)
        : undefined,
    );
    await renderContent('/news');
    await userEvent.type(email(), 'ada@example.co.uk');
    await submit();
    expect(await screen.findByText('Some fields are missing or invalid.')).toBeTruthy();
    expect(form().getByText('This email address cannot receive mail.')).toBeTruthy();
    expect(email().value).toBe('ada@example.co.uk');
  });

  it.each([
    ['a missing endpoint (404)', () => json({ message: 'No such endpoint: POST /api/newsletter/subscriptions' }, 404)],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a server error without a message', () => new Response('oops', { status: 502 })],
  ])('falls back to its own message on %s', async (_case, answer) => {
    stubFetch((_r, url) => (url.pathname === SUBSCRIPTIONS ? answer() : undefined));
    await renderContent('/news');
    await userEvent.type(email(), 'ada@example.co.uk');
    await submit();
    expect(await screen.findByText(NEWSLETTER_TEXTS.failed)).toBeTruthy();
  });

  it('disables the button while the request is under way', async () => {
    let answer: ((r: Response) => void) | undefined;
    stubFetch((_r, url) => (url.pathname === SUBSCRIPTIONS ? new Promise<Response>((r) => (answer = r)) : undefined));
    await renderContent('/news');
    await userEvent.type(email(), 'ada@example.co.uk');
    await submit();
    const busy = await form().findByRole('button', { name: 'Subscribing…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer?.(json({ message: NEWSLETTER_TEXTS.checkInbox }, 202));
    expect(await form().findByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });
});

describe.each([
  ['/news/confirm-subscription', 'Confirm your subscription', 'Confirm my subscription', '/api/newsletter/confirmations', NEWSLETTER_TEXTS.confirmed, NEWSLETTER_TEXTS.confirmInvalid],
  ['/news/unsubscribe', 'Unsubscribe from the newsletter', 'Unsubscribe', '/api/newsletter/unsubscriptions', NEWSLETTER_TEXTS.unsubscribed, NEWSLETTER_TEXTS.unsubscribeInvalid],
])('the email link page %s', (path, title, action, endpoint, done, invalid) => {
  it('does nothing until the button is pressed, then posts the token and shows the answer', async () => {
    const net = stubFetch((request, url) => (url.pathname === endpoint && request.method === 'POST' ? json({ message: done }) : undefined));
    const { heading } = await renderContent(`${path}?token=abc-123_x`);
    expect(heading.textContent).toBe(title);
    expect(document.title).toBe(`${title} | RoomNest`);
    expect(net.callsTo(endpoint, 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: action }));
    expect((await screen.findByRole('status')).textContent).toBe(done);
    expect(await net.callsTo(endpoint, 'POST')[0]?.json()).toEqual({ Token: 'abc-123_x' });
    expect(screen.queryByRole('button', { name: action })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the news' }).getAttribute('href')).toBe('/news');
  });

  it('shows the server’s sentence for an invalid, expired or used link, and lets the visitor try again', async () => {
    stubFetch((_r, url) => (url.pathname === endpoint ? json({ message: invalid }, 400) : undefined));
    await renderContent(`${path}?token=gone`);
    await userEvent.click(screen.getByRole('button', { name: action }));
    expect((await screen.findByRole('alert')).textContent).toBe(invalid);
    expect(screen.getByRole('button', { name: action })).toBeTruthy();
  });

  it('says the link is incomplete without a token, and offers no button', async () => {
    const net = stubFetch(() => undefined);
    await renderContent(path);
    expect(screen.getByRole('alert').textContent).toBe(NEWSLETTER_TEXTS.linkIncomplete);
    expect(screen.queryByRole('button', { name: action })).toBeNull();
    expect(net.calls).toHaveLength(0);
  });

  it('falls back to its own sentence on a network failure', async () => {
    stubFetch((_r, url) => (url.pathname === endpoint ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
    await renderContent(`${path}?token=abc`);
    await userEvent.click(screen.getByRole('button', { name: action }));
    expect((await screen.findByRole('alert')).textContent).toBe(NEWSLETTER_TEXTS.linkFailed);
  });
});
