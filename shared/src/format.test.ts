import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, snippet, unreadBadgeText } from './format.ts';
import { TEXTS } from './texts.ts';

describe('en-GB formats', () => {
  it('formats pounds', () => {
    expect(formatMoney(950)).toBe('£950');
    expect(formatMoney(1250.5)).toBe('£1,250.50');
    expect(formatMoney(null)).toBe('');
  });
  it('formats calendar dates day-month-year without shifting a day', () => {
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatDate('nonsense')).toBe('');
  });
  it('cuts snippets to the limit', () => {
    const s = snippet('word '.repeat(40), 100);
    expect(s.length).toBeLessThanOrEqual(101);
    expect(s.endsWith('…')).toBe(true);
    expect(snippet('short', 100)).toBe('short');
  });
  it("caps the unread badge at '9+'", () => {
    expect(unreadBadgeText(0)).toBe('');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
  });
  it("greets with the name or 'User'", () => {
    expect(TEXTS.loginGreeting('Amelia')).toBe('Hi, Amelia! 👋');
    expect(TEXTS.loginGreeting(undefined)).toBe('Hi, User! 👋');
  });
});
