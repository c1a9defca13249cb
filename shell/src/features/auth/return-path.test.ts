import { afterEach, describe, expect, it } from 'vitest';
import { afterLoginTarget, rememberSignupReturn, returnPathOf, returnState, safeReturnPath, takeSignupReturn } from './return-path.ts';

afterEach(() => sessionStorage.clear());

const from = (pathname: unknown, search: unknown = '', hash: unknown = '') => ({ from: { pathname, search, hash } });

describe('safeReturnPath', () => {
  it.each([
    ['/rooms/12', '/rooms/12'],
    ['/rooms/12#contact', '/rooms/12#contact'],
    ['/rooms?city=London&page=2', '/rooms?city=London&page=2'],
    ['/messages/chat/7', '/messages/chat/7'],
    ['/rooms/./12', '/rooms/12'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps a path of this site: %s', (path, expected) => {
    expect(safeReturnPath(path)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/rooms/12'],
    ['a scheme-relative URL', '//evil.example/rooms/12'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a backslash later on', '/rooms/..\\..\\evil'],
    ['a tab inside the slashes (dropped by URL parsing)', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a space', '/ /evil.example'],
    ['a C1 control character', '/\u0085/evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', 'rooms/12'],
    ['an empty string', ''],
    ['not a string', 42],
    ['the login page', '/login'],
    ['the login page by a detour', '/rooms/../login?x=1'],
    ['sign-up', '/signup'],
    ['registration', '/register'],
    ['something very long', `/rooms?q=${'a'.repeat(2100)}`],
  ])('refuses %s', (_what, path) => {
    expect(safeReturnPath(path)).toBeNull();
  });
});

describe('returnPathOf', () => {
  it('joins path, query and hash of the router state', () => {
    expect(returnPathOf(from('/rooms/12', '?from=search', '#contact'))).toBe('/rooms/12?from=search#contact');
  });

  it.each([
    ['no state', undefined],
    ['a state without from', { other: 1 }],
    ['a pathname of another site', from('//evil.example')],
    ['a query that is not one, making a path of another site', from('/', '/evil.example')],
    ['a hash that is not one', from('/rooms', '', '/evil')],
    ['a pathname that is not text', from(['/rooms'])],
  ])('refuses %s', (_what, state) => {
    expect(returnPathOf(state)).toBeNull();
  });

  it('round-trips through returnState', () => {
    expect(returnPathOf(returnState('/rooms/12?x=1#contact'))).toBe('/rooms/12?x=1#contact');
    expect(returnState(null)).toBeUndefined();
  });
});

describe('the page a sign-up started from', () => {
  it('is remembered in this tab and taken once', () => {
    rememberSignupReturn('/rooms/12#contact');
    expect(takeSignupReturn()).toBe('/rooms/12#contact');
    expect(takeSignupReturn()).toBeNull();
  });

  it('is kept for an hour only', () => {
    const at = Date.parse('2026-11-24T10:00:00Z');
    rememberSignupReturn('/rooms/12', at);
    expect(takeSignupReturn(at + 60 * 60 * 1000 + 1)).toBeNull();
    rememberSignupReturn('/rooms/12', at);
    expect(takeSignupReturn(at + 60 * 60 * 1000)).toBe('/rooms/12');
  });

  it('is never a path of another site, even when the stored value was tampered with', () => {
    rememberSignupReturn('//evil.example');
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem('roomnest.afterSignup', JSON.stringify({ path: 'https://evil.example', at: Date.now() }));
    expect(takeSignupReturn()).toBeNull();
    sessionStorage.setItem('roomnest.afterSignup', '{not json');
    expect(takeSignupReturn()).toBeNull();
  });
});

describe('afterLoginTarget', () => {
  it('prefers the router state, then the sign-up page, then /pricing', () => {
    expect(afterLoginTarget(from('/messages'), '/rooms/12#contact')).toBe('/messages');
    expect(afterLoginTarget(undefined, '/rooms/12#contact')).toBe('/rooms/12#contact');
    expect(afterLoginTarget(undefined, null)).toBe('/pricing');
    expect(afterLoginTarget(from('//evil.example'), null)).toBe('/pricing');
    expect(afterLoginTarget(from('/login'), 'https://evil.example')).toBe('/pricing');
  });
});
