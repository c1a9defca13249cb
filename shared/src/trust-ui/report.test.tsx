import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithHost, stubFetch, TEST_USERS } from '../testing/index.tsx';
import { REPORT_DETAILS_MAX, REPORT_REASONS, TRUST_TEXTS } from '../trust.ts';
import { ReportButton, type ReportTarget } from './index.ts';

afterEach(() => vi.unstubAllGlobals());

const listingTarget: ReportTarget = { TargetType: 'listing', TargetID: 12, Source: 'listing' };

function Room() {
  return (
    <>
      <h1>Bright double in Hackney</h1>
      <ReportButton target={listingTarget} subject="this listing" label="Report this listing" />
    </>
  );
}

/** A reason's radio button: named by its label (and its hint, which the label holds too). */
const reasonIn = (dialog: HTMLElement, label: string) => within(dialog).getByRole('radio', { name: new RegExp(`^${label}`) });

const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Report this listing' }));
  return screen.findByRole('dialog', { name: 'Report this listing' });
};

describe('the Report dialog', () => {
  it('asks for a reason, with each reason’s hint, and sends nothing without one', async () => {
    const network = stubFetch(() => json({ message: TRUST_TEXTS.reportThanks, reportId: 1 }, 201));
    renderWithHost(<Room />, { user: TEST_USERS.tenant, url: '/rooms/12' });
    const dialog = await openDialog();
    for (const reason of REPORT_REASONS) {
      expect(reasonIn(dialog, reason.label).getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(reasonIn(dialog, reason.label).getAttribute('aria-describedby')!)?.textContent).toBe(reason.hint);
    }
    // The first field has the focus.
    expect(document.activeElement).toBe(within(dialog).getAllByRole('radio')[0]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(TRUST_TEXTS.reasonRequired)).toBeTruthy();
    expect(network.callsTo('/api/reports')).toHaveLength(0);
  });

  it('sends the target, reason and details, then shows the server’s thank-you with a Close button that returns the focus', async () => {
    const network = stubFetch((request, url) => (url.pathname === '/api/reports' && request.method === 'POST' ? json({ message: TRUST_TEXTS.reportThanks, reportId: 7 }, 201) : undefined));
    renderWithHost(<Room />, { user: TEST_USERS.tenant, url: '/rooms/12' });
    const dialog = await openDialog();
    await userEvent.click(reasonIn(dialog, 'Scam or fraud'));
    const details = within(dialog).getByRole('textbox', { name: 'Details (optional)' });
    expect(details.getAttribute('maxlength')).toBe(String(REPORT_DETAILS_MAX));
    await userEvent.type(details, 'Asked for a deposit by bank transfer before any viewing.');
    // The counter in the field's hint.
    expect(details.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(details.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain(`56 of ${REPORT_DETAILS_MAX} characters.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    const sent = await screen.findByRole('dialog', { name: 'Report sent' });
    expect(within(sent).getByText(TRUST_TEXTS.reportThanks)).toBeTruthy();
    expect(await network.callsTo('/api/reports', 'POST')[0]!.json()).toEqual({
      TargetType: 'listing',
      TargetID: 12,
      Source: 'listing',
      Reason: 'scam',
      Details: 'Asked for a deposit by bank transfer before any viewing.',
    });
    const close = within(sent).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await userEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Report this listing' }));
  });

  it('shows the server’s sentence when a report updates an earlier one (200)', async () => {
    stubFetch(() => json({ message: TRUST_TEXTS.reportUpdated, reportId: 7 }, 200));
    renderWithHost(<Room />, { user: TEST_USERS.tenant, url: '/rooms/12' });
    const dialog = await openDialog();
    await userEvent.click(reasonIn(dialog, 'Room already let'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(await screen.findByRole('dialog', { name: 'Report sent' })).getByText(TRUST_TEXTS.reportUpdated)).toBeTruthy();
  });

  it('puts a 400’s field errors under their fields and keeps what was typed', async () => {
    stubFetch(() => json({ message: 'Details must be at most 2000 characters.', errors: [{ field: 'Details', message: 'Details must be at most 2000 characters.' }] }, 400));
    renderWithHost(<Room />, { user: TEST_USERS.tenant, url: '/rooms/12' });
    const dialog = await openDialog();
    await userEvent.click(reasonIn(dialog, 'Spam'));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Links everywhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const details = within(dialog).getByRole('textbox', { name: 'Details (optional)' });
    await waitFor(() => expect(details.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Details must be at most 2000 characters.')).toBeTruthy();
    expect((details as HTMLTextAreaElement).value).toBe('Links everywhere');
    expect(screen.queryByRole('dialog', { name: 'Report sent' })).toBeNull();
  });

  it('says plainly when the person has sent too many reports (429), and the dialog stays open to try later', async () => {
    stubFetch(() => json({ message: TRUST_TEXTS.reportsTooMany }, 429));
    renderWithHost(<Room />, { user: TEST_USERS.tenant, url: '/rooms/12' });
    const dialog = await openDialog();
    await userEvent.click(reasonIn(dialog, 'Offensive or abusive'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(TRUST_TEXTS.reportsTooMany)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeTruthy();
  });

  it('shows a target the server cannot find (404) as the server words it', async () => {
    stubFetch(() => json({ message: TRUST_TEXTS.reportTargetMissing }, 404));
    renderWithHost(<Room />, { user: TEST_USERS.tenant, url: '/rooms/12' });
    const dialog = await openDialog();
    await userEvent.click(reasonIn(dialog, 'Something else'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(TRUST_TEXTS.reportTargetMissing)).toBeTruthy();
  });

  it('Cancel closes it without sending, and the focus goes back to the button', async () => {
    const network = stubFetch(() => undefined);
    renderWithHost(<Room />, { user: TEST_USERS.tenant, url: '/rooms/12' });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Report this listing' }));
    expect(network.calls).toHaveLength(0);
  });
});

function LoginProbe() {
  return <output data-testid="login-state">{JSON.stringify(useLocation().state)}</output>;
}

describe('the Report button', () => {
  it('names what it reports for a screen reader when its label does not', () => {
    stubFetch(() => undefined);
    renderWithHost(<ReportButton target={{ TargetType: 'user', TargetID: 9, Source: 'flatmate' }} subject="Amelia Hart" />, { user: TEST_USERS.tenant });
    expect(screen.getByRole('button', { name: 'Report Amelia Hart' }).textContent).toBe('Report Amelia Hart');
  });

  it('sends a visitor to log in with the target in the return URL, and opens the dialog for it once they are back', async () => {
    stubFetch(() => undefined);
    const { unmount } = renderWithHost(
      <Routes>
        <Route path="/rooms/:id" element={<Room />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>,
      { url: '/rooms/12?from=search' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Report this listing' }));
    expect(JSON.parse(screen.getByTestId('login-state').textContent!)).toEqual({ from: { pathname: '/rooms/12', search: '?from=search&report=listing-12', hash: '' } });
    expect(await screen.findByText(TRUST_TEXTS.loginToReport)).toBeTruthy();
    unmount();

    // Logged in, back at the return URL.
    const back = renderWithHost(<Room />, { user: TEST_USERS.tenant, url: '/rooms/12?from=search&report=listing-12' });
    expect(await screen.findByRole('dialog', { name: 'Report this listing' })).toBeTruthy();
    await waitFor(() => expect(back.location()).toBe('/rooms/12?from=search'));
  });

  it('opens no dialog for another target carried in the URL', async () => {
    stubFetch(() => undefined);
    const view = renderWithHost(<Room />, { user: TEST_USERS.tenant, url: '/rooms/12?report=user-12' });
    expect(screen.getByRole('button', { name: 'Report this listing' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.location()).toBe('/rooms/12?report=user-12');
  });
});
