import { TEXTS, UPLOAD_TEXTS, type Profile } from '@roomnest/shared';
import { json, renderWithHost, stubFetch, TEST_USERS, type FetchHandler } from '@roomnest/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MyProfilePage from '../../exposed/MyProfilePage.tsx';
import { profileFixture } from '../../test/fixtures.ts';
import { ACCOUNT_DELETED } from './DangerZone.tsx';
import { LISTED_TEXT, UNLISTED_TEXT } from './VisibilityCard.tsx';

const PATH = '/api/users/profile';

beforeEach(() => {
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${(n += 1)}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Server {
  profile: Profile;
  put?: (request: Request) => Promise<Response | undefined> | Response | undefined;
  del?: () => Response;
  get?: () => Response | undefined;
}

/** The users API of one signed-in tenant: GET answers the current profile; PUT and DELETE as the test says. */
function stubProfileApi(server: Server) {
  const handler: FetchHandler = async (request, url) => {
    if (url.pathname !== PATH) return undefined;
    if (request.method === 'GET') return server.get?.() ?? json(server.profile);
    if (request.method === 'PUT') return server.put?.(request);
    if (request.method === 'DELETE') return server.del?.();
    return undefined;
  };
  return stubFetch(handler);
}

/** An empty field in a raw multipart body. */
const emptyPart = (name: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n\r\n`;
const form = () => within(screen.getByRole('form', { name: 'Your profile' }));
const field = (label: string) => form().getByLabelText(label) as HTMLInputElement;
const openPage = async (server: Server) => {
  const net = stubProfileApi(server);
  const view = renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
  await screen.findByRole('form', { name: 'Your profile' });
  return { ...view, net };
};

describe('My profile: loading', () => {
  it('fills every field from GET /api/users/profile', async () => {
    await openPage({ profile: profileFixture() });
    expect(field('Name').value).toBe('Amelia Clarke');
    expect(field('Phone number').value).toBe('07700 900123');
    expect(field('Bio').value).toMatch(/^Junior doctor/);
    expect(field('Looking for').value).toMatch(/^A double room/);
    expect(field('Min budget (£)').value).toBe('600');
    expect(field('Max budget (£)').value).toBe('900');
    expect(field('Preferred locations').value).toBe('Hackney, Stratford');
    expect(field('Move-in date').value).toBe('2026-12-01');
    expect(within(form().getByRole('list', { name: 'Your preferred locations' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Hackney',
      'Stratford',
    ]);
    // No picture yet: the 150px preview shows the initials.
    const avatar = form().getByRole('img', { name: 'Amelia Clarke' });
    expect(avatar.textContent).toBe('AC');
    expect(avatar.style.width).toBe('150px');
  });

  it('shows the load failure text and tries again', async () => {
    let fail = true;
    const net = stubProfileApi({ profile: profileFixture(), get: () => (fail ? new Response('Bad gateway', { status: 502 }) : undefined) });
    const user = userEvent.setup();
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
    expect((await screen.findByRole('alert')).textContent).toContain(TEXTS.profileLoadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Your profile' })).toBeTruthy();
    expect(net.callsTo(PATH, 'GET')).toHaveLength(2);
  });
});

describe('My profile: validation', () => {
  it('will not send a max budget below the min', async () => {
    const { net } = await openPage({ profile: profileFixture() });
    const user = userEvent.setup();
    await user.clear(field('Min budget (£)'));
    await user.type(field('Min budget (£)'), '950');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await form().findByText('Maximum budget must not be below the minimum budget.')).toBeTruthy();
    expect(net.callsTo(PATH, 'PUT')).toHaveLength(0);
  });

  it('wants whole pounds and a name', async () => {
    const { net } = await openPage({ profile: profileFixture() });
    const user = userEvent.setup();
    await user.clear(field('Min budget (£)'));
    await user.type(field('Min budget (£)'), '600.50');
    await user.clear(field('Name'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await form().findByText('Minimum budget must be a whole number.')).toBeTruthy();
    expect(form().getByText(TEXTS.nameRequired)).toBeTruthy();
    expect(document.activeElement).toBe(field('Name'));
    expect(net.callsTo(PATH, 'PUT')).toHaveLength(0);
  });

  it('checks the picture before it is sent: type and size', async () => {
    await openPage({ profile: profileFixture() });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(field('Profile picture'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(form().getByText(UPLOAD_TEXTS.imageType)).toBeTruthy();
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(field('Profile picture'), huge);
    expect(form().getByText(UPLOAD_TEXTS.imageTooLarge)).toBeTruthy();
    expect(field('Profile picture').value).toBe('');
  });
});

describe('My profile: saving', () => {
  it('sends the multipart form with integer budgets and the picture, then updates the session user', async () => {
    let sent: FormData | undefined;
    const server: Server = {
      profile: profileFixture(),
      put: async (request) => {
        sent = await request.formData();
        server.profile = { ...server.profile, Name: 'Amelia C. Clarke', BudgetMin: 650, ProfilePictureURL: '/uploads/profiles/amelia.jpg' };
        return json({ message: 'Profile updated successfully.', user: server.profile });
      },
    };
    const { store } = await openPage(server);
    const user = userEvent.setup();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Amelia C. Clarke');
    await user.clear(field('Min budget (£)'));
    await user.type(field('Min budget (£)'), '650');
    await user.clear(field('Preferred locations'));
    await user.type(field('Preferred locations'), ' Hackney,, stratford , Hackney,Bow');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(field('Profile picture'), photo);
    const preview = form().getByRole('img', { name: 'Amelia C. Clarke' });
    expect(preview.getAttribute('src')).toBe('blob:preview-1');
    expect(preview.getAttribute('width')).toBe('150');

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeTruthy();
    expect(sent).toBeDefined();
    const body = Object.fromEntries([...sent!.entries()].filter(([k]) => k !== 'profileImage'));
    expect(body).toEqual({
      Name: 'Amelia C. Clarke',
      PhoneNumber: '07700 900123',
      Bio: profileFixture().Bio,
      LookingForDescription: profileFixture().LookingForDescription,
      BudgetMin: '650',
      BudgetMax: '900',
      PreferredLocations: 'Hackney, stratford, Bow',
      FlatmateMoveInDate: '2026-12-01',
    });
    const image = sent!.get('profileImage') as File;
    expect(image.name).toBe('me.png');
    expect(image.type).toBe('image/png');

    // The nav and greeting read the session user.
    expect(store.getState().auth.user).toMatchObject({ name: 'Amelia C. Clarke', profilePictureURL: '/uploads/profiles/amelia.jpg' });
    await waitFor(() => expect(form().getByRole('img', { name: 'Amelia C. Clarke' }).getAttribute('src')).toBe('/uploads/profiles/amelia.jpg'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('clears what was emptied and sends no picture when none was chosen', async () => {
    // The raw body: happy-dom's formData() leaves out empty fields, which are the point here.
    let sent = '';
    await openPage({
      profile: profileFixture(),
      put: async (request) => {
        sent = await request.text();
        return json({ message: 'Saved.', user: profileFixture({ BudgetMin: null, PhoneNumber: null }) });
      },
    });
    const user = userEvent.setup();
    await user.clear(field('Min budget (£)'));
    await user.clear(field('Phone number'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Saved.');
    expect(sent).toContain(emptyPart('BudgetMin'));
    expect(sent).toContain(emptyPart('PhoneNumber'));
    expect(sent).toContain('name="BudgetMax"\r\n\r\n900\r\n');
    expect(sent).not.toContain('profileImage');
  });

  it("puts the server's field errors on the fields and shows its message", async () => {
    await openPage({
      profile: profileFixture(),
      put: () =>
        json(
          {
            message: 'Some fields are missing or invalid.',
            errors: [
              { field: 'FlatmateMoveInDate', message: 'Move-in date must be a valid date (YYYY-MM-DD).' },
              { field: 'profileImage', message: UPLOAD_TEXTS.imageUnreadable },
            ],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await form().findByText('Move-in date must be a valid date (YYYY-MM-DD).')).toBeTruthy();
    expect(form().getByText(UPLOAD_TEXTS.imageUnreadable)).toBeTruthy();
    expect(form().getAllByRole('alert').some((a) => a.textContent === 'Some fields are missing or invalid.')).toBe(true);
  });

  it('shows the save failure text when the server says nothing', async () => {
    const { store } = await openPage({ profile: profileFixture(), put: () => new Response('Bad gateway', { status: 502 }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await form().findByText(TEXTS.profileSaveFailed)).toBeTruthy();
    expect(store.getState().auth.user?.name).toBe(TEST_USERS.tenant.name);
  });
});

describe('My profile: listed or unlisted', () => {
  it('lists and unlists with one action, sending JSON {IsActivelyLooking}', async () => {
    const bodies: unknown[] = [];
    const server: Server = {
      profile: profileFixture({ IsActivelyLooking: false }),
      put: async (request) => {
        expect(request.headers.get('content-type')).toContain('application/json');
        const body = (await request.json()) as { IsActivelyLooking: boolean };
        bodies.push(body);
        server.profile = { ...server.profile, IsActivelyLooking: body.IsActivelyLooking };
        return json({ message: body.IsActivelyLooking ? 'Listed by the server.' : 'Unlisted by the server.', user: server.profile });
      },
    };
    await openPage(server);
    const user = userEvent.setup();
    const visibility = within(screen.getByRole('region', { name: 'Flatmate search' }));
    expect(visibility.getByText('Not listed')).toBeTruthy();
    expect(visibility.getByText(/Listed profiles appear in flatmate search/)).toBeTruthy();

    await user.click(visibility.getByRole('button', { name: 'List my profile' }));
    expect(await screen.findByText('Listed by the server.')).toBeTruthy();
    expect(visibility.getByText('Listed')).toBeTruthy();
    await user.click(visibility.getByRole('button', { name: 'Unlist my profile' }));
    expect(await screen.findByText('Unlisted by the server.')).toBeTruthy();
    expect(visibility.getByRole('button', { name: 'List my profile' })).toBeTruthy();
    expect(bodies).toEqual([{ IsActivelyLooking: true }, { IsActivelyLooking: false }]);
  });

  it('has its own words when the answer carries no message', async () => {
    const server: Server = {
      profile: profileFixture({ IsActivelyLooking: true }),
      put: () => {
        server.profile = { ...server.profile, IsActivelyLooking: false };
        return json({ message: '', user: server.profile });
      },
    };
    await openPage(server);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Unlist my profile' }));
    expect(await screen.findByText(UNLISTED_TEXT)).toBeTruthy();
  });

  it("says 'Failed to list profile'", async () => {
    const server: Server = { profile: profileFixture({ IsActivelyLooking: false }), put: () => new Response('', { status: 503 }) };
    await openPage(server);
    const user = userEvent.setup();
    const visibility = within(screen.getByRole('region', { name: 'Flatmate search' }));
    await user.click(visibility.getByRole('button', { name: 'List my profile' }));
    expect(await screen.findByText(TEXTS.profileListFailed)).toBeTruthy();
    expect(visibility.getByText('Not listed')).toBeTruthy();
  });

  it("says 'Failed to unlist profile'", async () => {
    await openPage({ profile: profileFixture({ IsActivelyLooking: true }), put: () => new Response('', { status: 503 }) });
    const user = userEvent.setup();
    const visibility = within(screen.getByRole('region', { name: 'Flatmate search' }));
    await user.click(visibility.getByRole('button', { name: 'Unlist my profile' }));
    expect(await screen.findByText(TEXTS.profileUnlistFailed)).toBeTruthy();
    expect(visibility.getByText('Listed')).toBeTruthy();
  });

  it('keeps unsaved edits when the listing changes', async () => {
    const server: Server = {
      profile: profileFixture(),
      put: () => {
        server.profile = { ...server.profile, IsActivelyLooking: true };
        return json({ message: '', user: server.profile });
      },
    };
    await openPage(server);
    const user = userEvent.setup();
    await user.type(field('Phone number'), '4');
    await user.click(screen.getByRole('button', { name: 'List my profile' }));
    await screen.findByText(LISTED_TEXT);
    expect(field('Phone number').value).toBe('07700 9001234');
  });
});

describe('My profile: deleting the account', () => {
  it('asks first; Cancel deletes nothing', async () => {
    const { net } = await openPage({ profile: profileFixture(), del: () => json({ message: 'Account deleted.' }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(net.callsTo(PATH, 'DELETE')).toHaveLength(0);
  });

  it('deletes, logs out and goes home with a toast', async () => {
    const { net, store, location } = await openPage({ profile: profileFixture(), del: () => json({ message: 'Your account and everything in it has been deleted.' }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(net.callsTo(PATH, 'DELETE')).toHaveLength(1);
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(await screen.findByText('Your account and everything in it has been deleted.')).toBeTruthy();
  });

  it('falls back to its own toast text when the answer has none', async () => {
    await openPage({ profile: profileFixture(), del: () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(ACCOUNT_DELETED)).toBeTruthy();
  });

  it("says 'Failed to delete account.' and stays logged in", async () => {
    const { store, location } = await openPage({ profile: profileFixture(), del: () => new Response('', { status: 500 }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(TEXTS.deleteAccountFailed)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().auth.user?.userId).toBe(TEST_USERS.tenant.userId);
    expect(location()).toBe('/my-flatmate-profile');
  });
});
