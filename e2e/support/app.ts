/**
 * Helpers for the end-to-end suites: accounts, sessions and toasts, all
 * through the real server and the real UI.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Listing, ListingsPage, LoginResponse, User, UserType } from '@roomnest/shared';
import { createTokenService } from '../../api/src/features/auth/tokens.ts';
import { DEMO_ACCOUNTS } from '../../api/src/seed/demo-accounts.ts';
import { E2E_TOKEN_SECRET } from './env.ts';

export { DEMO_ACCOUNTS };

export interface Account {
  name: string;
  email: string;
  password: string;
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@example.co.uk`;
}

/** Registers a fresh account through the API. */
export async function registerAccount(request: APIRequestContext, userType: UserType, name = `${userType} Tester`): Promise<Account> {
  const account = { name, email: uniqueEmail(userType.toLowerCase()), password: 'Sup3r-secret' };
  const res = await request.post('/api/auth/register', {
    data: { Name: account.name, Email: account.email, Password: account.password, UserType: userType },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** An account registered and logged in through the API, with its id and token for calls made as it. */
export interface Member extends Account {
  id: number;
  token: string;
  login: LoginResponse;
}

/** Registers a fresh account and logs it in through the API. */
export async function member(request: APIRequestContext, userType: UserType, name?: string): Promise<Member> {
  const account = await registerAccount(request, userType, name);
  const res = await request.post('/api/auth/login', { data: { Email: account.email, Password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  const login = (await res.json()) as LoginResponse;
  return { ...account, id: login.user.userId, token: login.token, login };
}

/** The Authorization header of a call made as `who`. */
export const bearer = (who: Pick<Member, 'token'>) => ({ authorization: `Bearer ${who.token}` });

/** Posts a room for `landlord` through the API (a double in Hackney, free in two weeks, unless `fields` say otherwise); answers its id. */
export async function postRoom(request: APIRequestContext, landlord: Member, fields: Record<string, string> = {}): Promise<number> {
  const res = await request.post('/api/listings', {
    headers: bearer(landlord),
    multipart: {
      Title: 'Bright double room by London Fields',
      Address: '14 Mare Street, Hackney',
      City: 'London',
      State: 'Greater London',
      ZipCode: 'E8 4RP',
      RoomType: 'Double',
      Rent: '950',
      AvailableDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      Amenities: 'wifi',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { listingId: number }).listingId;
}

/** The `index`-th public room a search (a query string such as `city=Manchester`) finds in the demo data. */
export async function demoRoom(request: APIRequestContext, query: string, index = 0): Promise<Listing> {
  const res = await request.get(`/api/listings?${query}`);
  expect(res.status()).toBe(200);
  const page = (await res.json()) as ListingsPage;
  expect(page.listings.length).toBeGreaterThan(index);
  return page.listings[index]!;
}

/** Logs in through the login screen. */
export async function logInThroughUi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Starts a session the way the app stores one (token and user in localStorage), then opens `path`. */
export async function logInWithStorage(page: Page, request: APIRequestContext, account: Pick<Account, 'email' | 'password'>, path = '/'): Promise<LoginResponse> {
  const res = await request.post('/api/auth/login', { data: { Email: account.email, Password: account.password } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as LoginResponse;
  await page.goto('/pricing');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('authToken', token);
    localStorage.setItem('currentUser', JSON.stringify(user));
  }, body);
  await page.goto(path);
  return body;
}

/** A token signed with the server's secret that expired a minute ago. */
export function expiredTokenFor(user: User): Promise<string> {
  return createTokenService(new TextEncoder().encode(E2E_TOKEN_SECRET), -60).issue({ userId: user.userId, tokenVersion: 0 });
}

export const toast = (page: Page, text: string | RegExp): Locator => page.locator('.Toastify').getByText(text);

export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });

export async function storedSession(page: Page): Promise<{ token: string | null; user: string | null }> {
  return page.evaluate(() => ({ token: localStorage.getItem('authToken'), user: localStorage.getItem('currentUser') }));
}
