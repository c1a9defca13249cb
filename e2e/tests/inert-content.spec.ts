/**
 * Stored content is inert: HTML, script and `javascript:` URLs
 * saved in a listing's title, description, address and lease terms, in
 * people's names, bios and flatmate texts, and in messages render as plain
 * text on every page that shows them, and nothing in them runs.
 *
 * It runs twice: once as served (with the Content Security Policy) and once
 * with the browser ignoring the policy, so that it is the rendering itself,
 * not the CSP, that keeps every payload inert.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { SNIPPET_LENGTH, snippet, TEXTS } from '@roomnest/shared';
import { bearer, logInThroughUi, member, toast, type Member } from '../support/app.ts';

/** Every payload sets window.__pwned or opens a dialog if it ever runs. */
const XSS = {
  img: `<img src=x onerror="window.__pwned=1;alert('img')">`,
  script: `<script>window.__pwned=1;alert('script')</script>`,
  svg: `"><svg onload="window.__pwned=1;alert('svg')"></svg>`,
  link: `<a href="javascript:window.__pwned=1;alert('link')">click me</a>`,
  url: `javascript:window.__pwned=1;alert('url')`,
  iframe: `<iframe src="javascript:window.__pwned=1;alert('iframe')"></iframe>`,
  style: `<style>body{display:none}</style><div style="position:fixed;inset:0" onmouseover="window.__pwned=1">`,
  template: `{{constructor.constructor('window.__pwned=1')()}} \${window.__pwned=1}`,
} as const;

/** This test's texts: every field holds payloads, and a place name of its own so that searches find only it. */
function textsFor(run: string) {
  const area = `Xssbury ${run}`;
  const place = `Scriptham ${run}`;
  const content = {
    landlordName: `${XSS.img} Lina`,
    tenantName: `${XSS.script} Tom`,
    title: `${XSS.svg} Room ${run}`,
    description: `${XSS.script} ${XSS.link} ${XSS.url} ${XSS.template}`,
    address: `${XSS.iframe} 1 Mare Street, ${area}`,
    leaseTerms: `${XSS.style} 12 months`,
    bio: `${XSS.img} ${XSS.link}`,
    lookingFor: `${XSS.script} ${XSS.url}`,
    locations: `${place}, ${XSS.svg}`,
    toLandlord: `${XSS.img} ${XSS.url}`,
    toTenant: `${XSS.link} ${XSS.iframe} ${XSS.template}`,
  };
  return { area, place, content };
}

interface World {
  landlord: Member;
  tenant: Member;
  listingId: number;
}

/** The landlord's listing, the tenant's listed profile and a message each way, all full of payloads, stored through the API. */
async function storePayloads(request: APIRequestContext, content: ReturnType<typeof textsFor>['content']): Promise<World> {
  const landlord = await member(request, 'Landlord', content.landlordName);
  const tenant = await member(request, 'Tenant', content.tenantName);
  const posted = await request.post('/api/listings', {
    headers: bearer(landlord),
    multipart: {
      Title: content.title,
      Description: content.description,
      Address: content.address,
      City: 'London',
      State: 'Greater London',
      ZipCode: 'E8 1AA',
      RoomType: 'Double',
      Rent: '777',
      AvailableDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      LeaseTerms: content.leaseTerms,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { listingId } = (await posted.json()) as { listingId: number };

  const profile = await request.put('/api/users/profile', {
    headers: bearer(tenant),
    multipart: {
      Name: content.tenantName,
      PhoneNumber: '',
      Bio: content.bio,
      LookingForDescription: content.lookingFor,
      BudgetMin: '500',
      BudgetMax: '900',
      PreferredLocations: content.locations,
      FlatmateMoveInDate: '2027-03-01',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  expect((await request.put('/api/users/profile', { headers: bearer(tenant), data: { IsActivelyLooking: true } })).status()).toBe(200);

  for (const [from, to, text] of [
    [tenant, landlord, content.toLandlord],
    [landlord, tenant, content.toTenant],
  ] as const) {
    const sent = await request.post('/api/messages', { headers: bearer(from), data: { ReceiverID: to.id, MessageContent: text } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  return { landlord, tenant, listingId };
}

/** What a payload that ran would set, and where the page collects CSP violations. */
const PAGE_KEYS = ['__pwned', '__cspViolations'] as const;

/** Dialogs opened and CSP violations reported on a page, recorded from before its first script. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { dialogs };
}

/** A browser of its own for `who`: signed in through the login screen (the greeting toast shows the name), or with the stored session. */
async function signedIn(browser: Browser, bypassCSP: boolean, who: Member, through: 'login screen' | 'storage') {
  const context = await browser.newContext({ bypassCSP });
  const page = await context.newPage();
  const { dialogs } = await watch(page);
  if (through === 'storage') {
    // The session as the app stores it, set before the first page runs.
    await context.addInitScript(({ token, user }) => {
      if (!localStorage.getItem('authToken')) {
        localStorage.setItem('authToken', token);
        localStorage.setItem('currentUser', JSON.stringify(user));
      }
    }, who.login);
  } else {
    await logInThroughUi(page, who);
    await expect(toast(page, TEXTS.loginGreeting(who.login.user.name))).toBeVisible();
  }
  return { page, dialogs, close: () => context.close() };
}

/** Nothing from the payloads became markup: no event-handler attributes, no script with them, no javascript: URLs, and nothing ran. */
async function expectInert(page: Page, dialogs: string[], where: string) {
  // Give anything that might run (image errors, timers) a moment.
  await page.waitForTimeout(200);
  const found = await page.evaluate(([pwnedKey, violationsKey]) => {
    const bad: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) bad.push(`${el.tagName.toLowerCase()}[${attr.name}]`);
        if (/^(href|src|action|formaction|xlink:href|data)$/i.test(attr.name) && /^\s*javascript:/i.test(attr.value)) bad.push(`${el.tagName.toLowerCase()}[${attr.name}=javascript:]`);
      }
      if (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__pwned')) bad.push('script with a payload');
      if (el.tagName === 'IFRAME' || el.tagName === 'svg' || (el.tagName === 'IMG' && el.getAttribute('src') === 'x')) {
        if (el.outerHTML.includes('pwned') || el.getAttribute('src') === 'x') bad.push(el.outerHTML.slice(0, 80));
      }
    }
    const w = window as unknown as Record<string, unknown>;
    return { bad, pwned: w[pwnedKey], violations: (w[violationsKey] as string[] | undefined) ?? [] };
  }, PAGE_KEYS);
  expect(found.bad, `${where}: markup from stored content`).toEqual([]);
  expect(found.pwned, `${where}: a payload ran`).toBeUndefined();
  expect(dialogs, `${where}: a dialog opened`).toEqual([]);
  // No payload even reached the point where the policy had to block it.
  expect(found.violations, `${where}: CSP violations`).toEqual([]);
  // The page is still there (a <style> payload did not hide it).
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** The text appears as written, angle brackets and all. */
const shows = async (page: Page, text: string) => expect(page.getByText(text, { exact: false }).first()).toBeVisible();

for (const bypassCSP of [false, true]) {
  test.describe(`stored content is inert (${bypassCSP ? 'browser ignoring the CSP' : 'with the CSP'})`, () => {
    test.setTimeout(150_000);

    test('listing, profile and message payloads render as text on every page that shows them', async ({ browser, request }) => {
      const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const { area, place, content } = textsFor(run);
      const { landlord, tenant, listingId } = await storePayloads(request, content);

      // --- The tenant: room search card, room detail, flatmate card, own profile, conversations, chat.
      const t = await signedIn(browser, bypassCSP, tenant, 'storage');
      await t.page.goto(`/rooms?city=London&address=${encodeURIComponent(area)}`);
      const card = t.page.getByRole('list', { name: 'Rooms' }).getByRole('article', { name: content.title });
      // The first remote page of a fresh browser on a busy runner may take a while.
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card.getByText(content.title, { exact: true })).toBeVisible();
      await expect(card.getByText(content.address, { exact: false })).toBeVisible();
      await expect(card.getByText(snippet(content.description, SNIPPET_LENGTH.roomDescription), { exact: true })).toBeVisible();
      await expect(card.getByText(`Advertised by ${content.landlordName}`)).toBeVisible();
      await expectInert(t.page, t.dialogs, 'room search card');

      await card.getByRole('link').first().click();
      await expect(t.page).toHaveURL(new RegExp(`/rooms/${listingId}$`));
      await expect(t.page.getByRole('heading', { level: 1, name: content.title })).toBeVisible();
      for (const text of [content.description, content.address, content.leaseTerms, content.landlordName]) await shows(t.page, text);
      await expectInert(t.page, t.dialogs, 'room detail');

      await t.page.goto(`/flatmates?preferred_locations=${encodeURIComponent(place)}`);
      const seeker = t.page.getByRole('article', { name: content.tenantName });
      await expect(seeker).toBeVisible();
      await expect(seeker.getByText(snippet(content.bio, SNIPPET_LENGTH.flatmateBio), { exact: true })).toBeVisible();
      await expect(seeker.getByText(snippet(content.lookingFor, SNIPPET_LENGTH.flatmateLookingFor), { exact: true })).toBeVisible();
      await expect(seeker.getByRole('list', { name: 'Preferred locations' }).getByRole('listitem')).toHaveText([place, XSS.svg]);
      await expectInert(t.page, t.dialogs, 'flatmate card');

      await t.page.goto('/my-flatmate-profile');
      const form = t.page.getByRole('form', { name: 'Your profile' });
      await expect(form.getByLabel('Name', { exact: true })).toHaveValue(content.tenantName);
      await expect(form.getByLabel('Bio', { exact: true })).toHaveValue(content.bio);
      await expect(form.getByRole('list', { name: 'Your preferred locations' }).getByRole('listitem')).toHaveText([place, XSS.svg]);
      await expectInert(t.page, t.dialogs, 'my profile');

      await t.page.goto('/messages');
      const row = t.page.getByRole('link', { name: new RegExp(`^Conversation with ${escapeRegExp(content.landlordName)}`) });
      await expect(row).toBeVisible();
      await expect(row.getByTestId('last-message')).toHaveText(snippet(content.toTenant, SNIPPET_LENGTH.lastMessagePreview));
      await expectInert(t.page, t.dialogs, 'conversation list (tenant)');

      await row.click();
      await expect(t.page.getByRole('heading', { level: 1, name: content.landlordName })).toBeVisible();
      const thread = t.page.getByRole('log');
      for (const text of [content.toLandlord, content.toTenant]) await expect(thread.getByText(text, { exact: true })).toBeVisible();
      await expectInert(t.page, t.dialogs, 'chat (tenant)');

      // A payload typed into the chat now is shown as text too, live.
      const live = `${XSS.img} typed ${run}`;
      const box = t.page.getByRole('textbox', { name: `Message to ${content.landlordName}` });
      await box.fill(live);
      await box.press('Enter');
      await expect(thread.getByText(live, { exact: true })).toBeVisible();
      await expectInert(t.page, t.dialogs, 'chat after sending');
      await t.close();

      // --- The landlord: my listings, conversations, chat.
      const l = await signedIn(browser, bypassCSP, landlord, 'login screen');
      await expectInert(l.page, l.dialogs, 'login greeting and navigation');
      await l.page.goto('/my-listings');
      await expect(l.page.getByRole('heading', { level: 2, name: content.title })).toBeVisible();
      await shows(l.page, content.address);
      await expectInert(l.page, l.dialogs, 'my listings');

      await l.page.goto('/messages');
      const lRow = l.page.getByRole('link', { name: new RegExp(`^Conversation with ${escapeRegExp(content.tenantName)}`) });
      await expect(lRow.getByTestId('last-message')).toHaveText(snippet(live, SNIPPET_LENGTH.lastMessagePreview));
      await expectInert(l.page, l.dialogs, 'conversation list (landlord)');

      await lRow.click();
      await expect(l.page.getByRole('heading', { level: 1, name: content.tenantName })).toBeVisible();
      for (const text of [content.toLandlord, content.toTenant, live]) await expect(l.page.getByRole('log').getByText(text, { exact: true })).toBeVisible();
      await expectInert(l.page, l.dialogs, 'chat (landlord)');
      await l.close();
    });
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
