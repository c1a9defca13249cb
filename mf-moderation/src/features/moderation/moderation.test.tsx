import { TRUST_TEXTS, type ModerationAuditPage, type ModerationReport } from '@roomnest/shared';
import { json, renderWithHost, stubFetch, type FetchHandler } from '@roomnest/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ModerationPage from '../../exposed/ModerationPage.tsx';
import { auditEntry, auditPage, chatReport, flatmateReport, listingReport, MODERATOR } from '../../test/fixtures.ts';
import { MODERATION_TEXTS } from './texts.ts';

afterEach(() => vi.unstubAllGlobals());

interface Server {
  open: ModerationReport[];
  resolved?: ModerationReport[];
  audit?: (page: number) => ModerationAuditPage;
  /** Answers a resolve before the default (which moves the report to resolved). */
  resolve?: (id: number, body: Record<string, unknown>) => Response | undefined;
  restore?: (kind: string, id: number, body: Record<string, unknown>) => Response | undefined;
  /** Answers GET /api/moderation/reports before the default. */
  list?: (status: string) => Response | undefined;
}

/** The moderation API of one moderator's session, with its reports kept in `server`. */
function stubModerationApi(server: Server) {
  const handler: FetchHandler = async (request, url) => {
    if (url.pathname === '/api/moderation/reports' && request.method === 'GET') {
      const status = url.searchParams.get('status') ?? 'open';
      const answer = server.list?.(status);
      if (answer) return answer;
      return json({ reports: status === 'open' ? server.open : (server.resolved ?? []) });
    }
    const resolve = /^\/api\/moderation\/reports\/(\d+)\/resolve$/.exec(url.pathname);
    if (resolve && request.method === 'POST') {
      const id = Number(resolve[1]);
      const body = (await request.json()) as Record<string, unknown>;
      const answer = server.resolve?.(id, body);
      if (answer) return answer;
      const report = server.open.find((r) => r.ReportID === id)!;
      server.open = server.open.filter((r) => r.ReportID !== id);
      const resolved = { ...report, Status: 'resolved' as const };
      return json({ message: `Done: ${String(body.Action)}.`, report: resolved });
    }
    const restore = /^\/api\/moderation\/(listings|users)\/(\d+)\/restore$/.exec(url.pathname);
    if (restore && request.method === 'POST') {
      const body = (await request.json()) as Record<string, unknown>;
      const answer = server.restore?.(restore[1]!, Number(restore[2]), body);
      if (answer) return answer;
      return json({ message: restore[1] === 'listings' ? 'The listing is back.' : 'The person is back.' });
    }
    if (url.pathname === '/api/moderation/audit' && request.method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? '1');
      return json(server.audit ? server.audit(page) : auditPage([]));
    }
    return undefined;
  };
  return stubFetch(handler);
}

const renderPage = (url = '/moderation') => renderWithHost(<ModerationPage />, { url, routePath: '/moderation', user: MODERATOR });
const card = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('article') as HTMLElement;
const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;
const dialog = () => screen.getByRole('dialog');
/** An audit line's values, in order. */
const values = (li: HTMLElement) => within(li).getAllByRole('definition').map((dd) => dd.textContent);
/** The card's "Reported <when> by <whom>" line, as read (it holds <time> elements). */
const reportedLine = (report: ReturnType<typeof within>) => report.getByText((_text: string, el: Element | null) => el?.tagName === 'P' && /^Reported \d/.test(el.textContent ?? '')).textContent;

describe('the queue', () => {
  it('shows a listing report with everything a moderator judges it by', async () => {
    stubModerationApi({ open: [listingReport()] });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy();
    expect(document.title).toBe('Moderation | RoomNest');
    const report = within(await screen.findByRole('article'));
    expect(report.getByRole('heading', { level: 2, name: 'Scam or fraud: Bright double room near London Fields' })).toBeTruthy();
    expect(report.getByText("Listing, from the room's page")).toBeTruthy();
    // en-GB, UK time (14:05 UTC is 14:05 GMT in November).
    expect(reportedLine(report)).toBe('Reported 20 Nov 2026, 14:05 by Amelia Clarke');
    // The reported person.
    const person = within(report.getByRole('region', { name: 'The reported person' }));
    expect(person.getByText('Rajesh Patel')).toBeTruthy();
    expect(person.getByText('rajesh@example.co.uk')).toBeTruthy();
    expect(person.getByText(/Joined 4 Mar 2026/)).toBeTruthy();
    expect(person.getByText('Email verified')).toBeTruthy();
    expect(person.queryByText('Suspended')).toBeNull();
    expect(report.getByText('Asked me to pay the deposit by bank transfer before any viewing.')).toBeTruthy();
    // The listing as it was when reported, and now.
    const listing = within(report.getByRole('region', { name: 'The listing when reported' }));
    expect(listing.getByText('Bright double room near London Fields')).toBeTruthy();
    expect(listing.getByText('£950')).toBeTruthy();
    expect(listing.getByText('14 Mare Street, Hackney, London, E8 4RP')).toBeTruthy();
    expect(listing.getByText(/sunny double room/)).toBeTruthy();
    expect(listing.getByRole('img', { name: 'Photo of Bright double room near London Fields' })).toBeTruthy();
    expect(listing.getByText('Available')).toBeTruthy();
    // The person's other reports.
    const others = within(report.getByRole('region', { name: 'Other reports about this person' }));
    expect(others.getByRole('heading', { name: 'Other reports about this person (1)' })).toBeTruthy();
    expect(others.getByRole('listitem').textContent).toBe('Spam · Person · 1 Nov 2026 · Resolved');
    // All three actions.
    for (const name of ['Dismiss', 'Remove listing', 'Suspend person']) expect(report.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByText('1 open report, oldest first')).toBeTruthy();
  });

  it('says what became of the listing: removed by a moderator, or deleted by its owner, and offers no removal then', async () => {
    stubModerationApi({
      open: [
        listingReport({ ListingNow: { Status: 'Available', RemovedAt: '2026-11-21T10:00:00.000Z' } }),
        listingReport({ ReportID: 8, Listing: { ...listingReport().Listing!, Title: 'Box room in Leeds' }, ListingNow: null }),
      ],
    });
    renderPage();
    await screen.findAllByRole('article');
    const removed = within(card('Scam or fraud: Bright double room near London Fields'));
    expect(removed.getByText('Removed by a moderator 21 Nov 2026, 10:00.')).toBeTruthy();
    expect(removed.queryByRole('button', { name: 'Remove listing' })).toBeNull();
    const deleted = within(card('Scam or fraud: Box room in Leeds'));
    expect(deleted.getByText('Deleted by its owner since the report.')).toBeTruthy();
    expect(deleted.queryByRole('button', { name: 'Remove listing' })).toBeNull();
  });

  it('shows a chat report with that conversation, oldest first, with senders and en-GB times, in a box that scrolls', async () => {
    stubModerationApi({ open: [chatReport()] });
    renderPage();
    const report = within(await screen.findByRole('article'));
    expect(report.getByRole('heading', { level: 2, name: 'Scam or fraud: Rajesh Patel' })).toBeTruthy();
    expect(report.getByText('Person, from a chat')).toBeTruthy();
    const log = report.getByRole('region', { name: 'The conversation, 2 messages' });
    expect(log.tabIndex).toBe(0);
    const messages = within(log).getAllByRole('listitem');
    expect(messages.map((m) => m.textContent)).toEqual([
      'Amelia Clarke 20 Nov 2026, 18:00Hello, is the room still free? Could I view it on Saturday?',
      'Rajesh Patel 20 Nov 2026, 18:30I am abroad. Send the first month by Western Union and I will post the keys.',
    ]);
    expect(report.queryByRole('region', { name: 'The listing when reported' })).toBeNull();
    expect(report.queryByRole('button', { name: 'Remove listing' })).toBeNull();
    expect(report.getByRole('button', { name: 'Suspend person' })).toBeTruthy();
  });

  it('shows a flatmate report: an unverified person, no details, an updated report, no listing to remove', async () => {
    stubModerationApi({ open: [flatmateReport()] });
    renderPage();
    const report = within(await screen.findByRole('article'));
    expect(report.getByRole('heading', { level: 2, name: 'Offensive or abusive: Kai Rowe' })).toBeTruthy();
    expect(report.getByText('Person, from a flatmate card')).toBeTruthy();
    expect(report.getByText('Email not verified')).toBeTruthy();
    expect(report.getByText(MODERATION_TEXTS.noDetails)).toBeTruthy();
    expect(reportedLine(report)).toBe('Reported 22 Nov 2026, 11:00 by Tom Hughes (updated 23 Nov 2026, 08:15)');
    expect(report.getByRole('heading', { name: 'Other reports about this person (0)' })).toBeTruthy();
    expect(report.queryByRole('button', { name: 'Remove listing' })).toBeNull();
  });

  it('shows a suspended person as suspended, with the reason, and offers no second suspension', async () => {
    const person = { ...chatReport().ReportedUser!, SuspendedAt: '2026-11-21T12:00:00.000Z', SuspensionReason: 'Advance fee fraud' };
    stubModerationApi({ open: [chatReport({ ReportedUser: person })] });
    renderPage();
    const report = within(await screen.findByRole('article'));
    expect(report.getByText('Suspended')).toBeTruthy();
    expect(report.getByText('Suspended 21 Nov 2026, 12:00: Advance fee fraud')).toBeTruthy();
    expect(report.queryByRole('button', { name: 'Suspend person' })).toBeNull();
  });

  it('keeps the server’s order: oldest first', async () => {
    stubModerationApi({ open: [listingReport(), chatReport(), flatmateReport()] });
    renderPage();
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Scam or fraud: Bright double room near London Fields',
      'Scam or fraud: Rajesh Patel',
      'Offensive or abusive: Kai Rowe',
    ]);
    expect(screen.getByText('3 open reports, oldest first')).toBeTruthy();
  });

  it('says so when the queue is empty', async () => {
    stubModerationApi({ open: [] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: MODERATION_TEXTS.queueEmpty })).toBeTruthy();
  });

  it('dismisses a report: the call and body, the server’s toast, and the card leaves the queue', async () => {
    const net = stubModerationApi({ open: [listingReport(), chatReport()] });
    renderPage();
    const user = userEvent.setup();
    await screen.findAllByRole('article');
    await user.click(within(card('Scam or fraud: Bright double room near London Fields')).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog()).getByRole('heading', { name: 'Dismiss this report?' })).toBeTruthy();
    expect(within(dialog()).getByText('The report is closed and nothing changes for Rajesh Patel.')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Dismiss report' }));
    expect(await screen.findByText('Done: dismiss.')).toBeTruthy();
    const [call] = net.callsTo('/api/moderation/reports/5/resolve', 'POST');
    expect(await bodyOf(call!)).toEqual({ Action: 'dismiss', Note: '' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2, name: 'Scam or fraud: Rajesh Patel' })).toBeTruthy();
    // Taken out of the cached queue, not by loading the queue again.
    expect(net.callsTo('/api/moderation/reports', 'GET')).toHaveLength(1);
  });

  it('removes a listing after asking, with the moderator’s note', async () => {
    const net = stubModerationApi({ open: [listingReport()] });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove listing' }));
    expect(within(dialog()).getByRole('heading', { name: 'Remove this listing?' })).toBeTruthy();
    expect(within(dialog()).getByText(/“Bright double room near London Fields” leaves search and its page at once/)).toBeTruthy();
    // Cancel changes nothing.
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(net.callsTo('/api/moderation/reports/5/resolve')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove listing' }));
    await user.type(within(dialog()).getByLabelText('Note (optional)'), '  Fake photos, deposit first.  ');
    await user.click(within(dialog()).getByRole('button', { name: 'Remove listing' }));
    expect(await screen.findByText('Done: remove-listing.')).toBeTruthy();
    expect(await bodyOf(net.callsTo('/api/moderation/reports/5/resolve', 'POST')[0]!)).toEqual({ Action: 'remove-listing', Note: 'Fake photos, deposit first.' });
    expect(await screen.findByRole('heading', { level: 2, name: MODERATION_TEXTS.queueEmpty })).toBeTruthy();
  });

  it('will not suspend without a reason, then suspends with one', async () => {
    const net = stubModerationApi({ open: [chatReport()] });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend person' }));
    expect(within(dialog()).getByRole('heading', { name: 'Suspend Rajesh Patel?' })).toBeTruthy();
    const reason = within(dialog()).getByLabelText('Reason');
    expect(document.activeElement).toBe(reason);
    await user.type(reason, '   ');
    await user.click(within(dialog()).getByRole('button', { name: 'Suspend person' }));
    expect(await within(dialog()).findByText(TRUST_TEXTS.suspendReasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(net.callsTo('/api/moderation/reports/6/resolve')).toHaveLength(0);
    await user.type(reason, 'Asked for money by Western Union before any viewing.');
    await user.click(within(dialog()).getByRole('button', { name: 'Suspend person' }));
    expect(await screen.findByText('Done: suspend-user.')).toBeTruthy();
    expect(await bodyOf(net.callsTo('/api/moderation/reports/6/resolve', 'POST')[0]!)).toEqual({ Action: 'suspend-user', Note: 'Asked for money by Western Union before any viewing.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s 400 in the note’s field and keeps the dialog open', async () => {
    stubModerationApi({
      open: [listingReport()],
      resolve: () => json({ message: 'Please check the highlighted fields.', errors: [{ field: 'Note', message: 'Note must be at most 1000 characters.' }] }, 400),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await user.type(within(dialog()).getByLabelText('Note (optional)'), 'x');
    await user.click(within(dialog()).getByRole('button', { name: 'Dismiss report' }));
    expect(await within(dialog()).findByText('Note must be at most 1000 characters.')).toBeTruthy();
    expect(within(dialog()).getByLabelText('Note (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('on a 409 (another moderator was first) says so, closes the dialog and brings the queue up to date', async () => {
    const server: Server = { open: [listingReport(), chatReport()] };
    server.resolve = () => {
      server.open = server.open.filter((r) => r.ReportID !== 5);
      return json({ message: TRUST_TEXTS.reportAlreadyResolved }, 409);
    };
    const net = stubModerationApi(server);
    renderPage();
    const user = userEvent.setup();
    await screen.findAllByRole('article');
    await user.click(within(card('Scam or fraud: Bright double room near London Fields')).getByRole('button', { name: 'Dismiss' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Dismiss report' }));
    expect(await screen.findByText(TRUST_TEXTS.reportAlreadyResolved)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(net.callsTo('/api/moderation/reports', 'GET')).toHaveLength(2);
  });

  it('on a 403 to an action (the role was taken away meanwhile) shows the server’s sentence in the dialog', async () => {
    stubModerationApi({ open: [listingReport()], resolve: () => json({ message: TRUST_TEXTS.moderatorsOnly }, 403) });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Dismiss report' }));
    expect(await within(dialog()).findByText(TRUST_TEXTS.moderatorsOnly)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('on a 403 to the queue shows that only moderators can see the page, not a retry', async () => {
    stubModerationApi({ open: [], list: () => json({ message: TRUST_TEXTS.moderatorsOnly }, 403) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: TRUST_TEXTS.moderatorsPage })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('on a failure to load offers Try again, which loads it', async () => {
    let fail = true;
    stubModerationApi({ open: [listingReport()], list: () => (fail ? json({ message: 'Something went wrong on our side. Please try again.' }, 500) : undefined) });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article')).toBeTruthy();
  });
});

describe('the views', () => {
  it('are links in the address: the queue by default, Resolved and Audit log by ?tab=, and back works', async () => {
    stubModerationApi({ open: [] });
    const { location } = renderPage();
    const user = userEvent.setup();
    const views = within(screen.getByRole('navigation', { name: 'Moderation views' }));
    expect(views.getByRole('link', { name: 'Queue' }).getAttribute('aria-current')).toBe('page');
    await user.click(views.getByRole('link', { name: 'Resolved' }));
    expect(location()).toBe('/moderation?tab=resolved');
    expect(views.getByRole('link', { name: 'Resolved' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 2, name: MODERATION_TEXTS.resolvedEmpty })).toBeTruthy();
    await user.click(views.getByRole('link', { name: 'Audit log' }));
    expect(location()).toBe('/moderation?tab=audit');
    expect(await screen.findByRole('heading', { level: 2, name: 'The audit log is empty' })).toBeTruthy();
  });

  it('opens the view the address names', async () => {
    stubModerationApi({ open: [listingReport()], resolved: [] });
    renderPage('/moderation?tab=resolved');
    expect(await screen.findByRole('heading', { level: 2, name: MODERATION_TEXTS.resolvedEmpty })).toBeTruthy();
  });
});

describe('resolved reports', () => {
  const removed = listingReport({
    Status: 'resolved',
    ListingNow: { Status: 'Available', RemovedAt: '2026-11-22T16:45:00.000Z' },
    Resolution: { Action: 'remove-listing', Note: 'Deposit before viewing.', ModeratorName: 'Priya Shah', ResolvedAt: '2026-11-22T16:45:00.000Z' },
  });
  const suspended = chatReport({
    Status: 'resolved',
    ReportedUser: { ...chatReport().ReportedUser!, SuspendedAt: '2026-11-22T17:00:00.000Z', SuspensionReason: 'Western Union' },
    Resolution: { Action: 'suspend-user', Note: 'Western Union', ModeratorName: 'Priya Shah', ResolvedAt: '2026-11-22T17:00:00.000Z' },
  });
  const dismissed = flatmateReport({ Status: 'resolved', Resolution: { Action: 'dismiss', Note: '', ModeratorName: 'Sam Lee', ResolvedAt: '2026-11-23T09:00:00.000Z' } });

  it('shows each resolution and offers Restore only where a listing is still removed or a person still suspended', async () => {
    stubModerationApi({ open: [], resolved: [dismissed, suspended, removed] });
    renderPage('/moderation?tab=resolved');
    await screen.findAllByRole('article');
    const d = within(card('Offensive or abusive: Kai Rowe'));
    expect(d.getByRole('region', { name: 'Resolution' }).textContent).toContain('Dismissed by Sam Lee, 23 Nov 2026, 09:00');
    expect(d.queryByRole('button', { name: /Restore/ })).toBeNull();
    const s = within(card('Scam or fraud: Rajesh Patel'));
    expect(s.getByText('Suspended the person')).toBeTruthy();
    expect(s.getByText('Note: Western Union')).toBeTruthy();
    expect(s.getByRole('button', { name: 'Restore person' })).toBeTruthy();
    expect(s.queryByRole('button', { name: 'Restore listing' })).toBeNull();
    const r = within(card('Scam or fraud: Bright double room near London Fields'));
    expect(r.getByText('Removed the listing')).toBeTruthy();
    expect(r.getByRole('button', { name: 'Restore listing' })).toBeTruthy();
    expect(r.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('restores a listing and a person with a note: the calls, the toasts, and the list loaded again', async () => {
    const server: Server = { open: [], resolved: [suspended, removed] };
    const net = stubModerationApi(server);
    renderPage('/moderation?tab=resolved');
    const user = userEvent.setup();
    await screen.findAllByRole('article');

    server.restore = (kind) => {
      if (kind === 'listings') server.resolved = [suspended, { ...removed, ListingNow: { Status: 'Available', RemovedAt: null } }];
      return undefined;
    };
    await user.click(screen.getByRole('button', { name: 'Restore listing' }));
    expect(within(dialog()).getByRole('heading', { name: 'Restore this listing?' })).toBeTruthy();
    await user.type(within(dialog()).getByLabelText('Note (optional)'), 'Landlord proved ownership.');
    await user.click(within(dialog()).getByRole('button', { name: 'Restore listing' }));
    expect(await screen.findByText('The listing is back.')).toBeTruthy();
    expect(await bodyOf(net.callsTo('/api/moderation/listings/1/restore', 'POST')[0]!)).toEqual({ Note: 'Landlord proved ownership.' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Restore listing' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Restore person' }));
    expect(within(dialog()).getByRole('heading', { name: 'Restore Rajesh Patel?' })).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Restore person' }));
    expect(await screen.findByText('The person is back.')).toBeTruthy();
    expect(await bodyOf(net.callsTo('/api/moderation/users/202/restore', 'POST')[0]!)).toEqual({ Note: '' });
  });

  it('shows a refused restore in the dialog', async () => {
    stubModerationApi({ open: [], resolved: [removed], restore: () => json({ message: 'That listing is not removed.' }, 409) });
    renderPage('/moderation?tab=resolved');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore listing' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Restore listing' }));
    expect(await within(dialog()).findByText('That listing is not removed.')).toBeTruthy();
  });
});

describe('the audit log', () => {
  it('lists who did what, when, to what, for which report and why, in words', async () => {
    stubModerationApi({
      open: [],
      audit: () =>
        auditPage([
          auditEntry({ EntryID: 2, Action: 'restore-user', ReportID: null, TargetType: 'user', TargetID: 202, Note: '', At: '2026-11-23T10:00:00.000Z' }),
          auditEntry(),
        ]),
    });
    renderPage('/moderation?tab=audit');
    const log = within(await screen.findByRole('list', { name: 'Audit log, newest first' }));
    const [first, second] = log.getAllByRole('listitem').filter((li) => li.getAttribute('aria-hidden') !== 'true');
    expect(values(first!)).toEqual(['23 Nov 2026, 10:00', 'Priya Shah', 'Restored the person', 'Person 202', '–', '–']);
    expect(values(second!)).toEqual(['22 Nov 2026, 16:45', 'Priya Shah', 'Removed the listing', 'Listing 1', '#5', 'Deposit before viewing.']);
    expect(within(first!).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['When', 'Who', 'What', 'Target', 'Report', 'Note']);
  });

  it('pages through the log with links that keep the view in the address', async () => {
    const net = stubModerationApi({ open: [], audit: (page) => auditPage([auditEntry({ EntryID: page, Note: `Entry on page ${page}` })], page, 3) });
    const { location } = renderPage('/moderation?tab=audit');
    const user = userEvent.setup();
    expect(await screen.findByText('Entry on page 1')).toBeTruthy();
    const pages = within(screen.getByRole('navigation', { name: 'Audit log pages' }));
    await user.click(pages.getByRole('link', { name: /Next/ }));
    expect(location()).toBe('/moderation?tab=audit&page=2');
    expect(await screen.findByText('Entry on page 2')).toBeTruthy();
    expect(net.callsTo('/api/moderation/audit').map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('reads a page from the address', async () => {
    const net = stubModerationApi({ open: [], audit: (page) => auditPage([auditEntry({ Note: `Entry on page ${page}` })], page, 3) });
    renderPage('/moderation?tab=audit&page=3');
    expect(await screen.findByText('Entry on page 3')).toBeTruthy();
    expect(new URL(net.callsTo('/api/moderation/audit')[0]!.url).searchParams.get('page')).toBe('3');
  });
});
