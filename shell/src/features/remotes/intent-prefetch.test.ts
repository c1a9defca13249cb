import { afterEach, describe, expect, it, vi } from 'vitest';
import { remoteRoutes } from '../../app/route-table.ts';
import { startIntentPrefetch } from './intent-prefetch.ts';

let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  document.body.innerHTML = '';
});

function setUp(loggedIn = false, roles: string[] = []) {
  const prefetch = vi.fn<(remote: string, module: string) => void>();
  stop = startIntentPrefetch(document, { routes: remoteRoutes(), prefetch, loggedIn: () => loggedIn, hasRole: (role) => roles.includes(role) });
  return prefetch;
}

function link(href: string, attributes: Record<string, string> = {}) {
  const a = document.createElement('a');
  a.href = href;
  a.innerHTML = '<span>label</span>';
  for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
  document.body.append(a);
  return a;
}

const point = (element: Element) => element.dispatchEvent(new Event('pointerover', { bubbles: true }));

describe('loading a remote page on intent', () => {
  it('starts when a link is pointed at, focused or touched, once per page', () => {
    const prefetch = setUp();
    point(link('/find-a-room').firstElementChild!);
    link('/flatmates').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    link('/rooms/12').dispatchEvent(new Event('touchstart', { bubbles: true }));
    point(link('/rooms'));
    expect(prefetch.mock.calls).toEqual([
      ['mf_search', 'RoomSearchPage'],
      ['mf_profile', 'FlatmatesPage'],
      ['mf_search', 'RoomDetailPage'],
    ]);
  });

  it('leaves out shell pages, other sites, downloads, new windows and unknown paths', () => {
    const prefetch = setUp();
    point(link('/login'));
    point(link('https://example.org/rooms'));
    point(link('/rooms', { download: '' }));
    point(link('/rooms', { target: '_blank' }));
    point(link('/no-such-page/at/all'));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('loads guarded pages ahead only for a logged-in user', () => {
    const visitor = setUp(false);
    point(link('/messages'));
    expect(visitor).not.toHaveBeenCalled();
    stop?.();
    const member = setUp(true);
    point(link('/messages'));
    expect(member).toHaveBeenCalledWith('mf_messaging', 'ConversationsPage');
  });

  it('loads the moderation page ahead only for a moderator', () => {
    const member = setUp(true);
    point(link('/moderation'));
    expect(member).not.toHaveBeenCalled();
    stop?.();
    const moderator = setUp(true, ['moderator']);
    point(link('/moderation'));
    expect(moderator).toHaveBeenCalledWith('mf_moderation', 'ModerationPage');
  });

  it('stops listening', () => {
    const prefetch = setUp();
    stop?.();
    point(link('/pricing'));
    expect(prefetch).not.toHaveBeenCalled();
  });
});
