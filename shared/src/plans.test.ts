import { describe, expect, it } from 'vitest';
import { londonMonthStart, newConversationLimit, nextLondonMonthFirst, PLAN_TEXTS } from './plans.ts';

describe('the London calendar month', () => {
  it('starts at midnight London time: UTC in winter, 23:00 UTC the day before in summer', () => {
    expect(londonMonthStart(new Date('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(londonMonthStart(new Date('2026-07-15T12:00:00Z')).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    // The month of the spring clock change starts in GMT, the one of the autumn change in BST.
    expect(londonMonthStart(new Date('2026-03-31T12:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(londonMonthStart(new Date('2026-10-31T12:00:00Z')).toISOString()).toBe('2026-09-30T23:00:00.000Z');
  });

  it('goes by the London date, not the UTC one, around midnight', () => {
    // 23:30 UTC on 31 July is 00:30 on 1 August in London: already August.
    expect(londonMonthStart(new Date('2026-07-31T23:30:00Z')).toISOString()).toBe('2026-07-31T23:00:00.000Z');
    expect(nextLondonMonthFirst(new Date('2026-07-31T23:30:00Z'))).toBe('2026-09-01');
    // 22:59 UTC on 31 July is still July in London.
    expect(londonMonthStart(new Date('2026-07-31T22:59:00Z')).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(nextLondonMonthFirst(new Date('2026-07-31T22:59:00Z'))).toBe('2026-08-01');
    // A new year.
    expect(nextLondonMonthFirst(new Date('2026-12-31T23:59:00Z'))).toBe('2027-01-01');
    expect(londonMonthStart(new Date('2027-01-01T00:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('plan limits', () => {
  it('Free starts 2 new conversations a month; the upgrade and the paid plans have no limit', () => {
    expect(newConversationLimit('Free', false)).toBe(2);
    expect(newConversationLimit('Free', true)).toBeNull();
    expect(newConversationLimit('Premium', false)).toBeNull();
    expect(newConversationLimit('Professional', false)).toBeNull();
  });

  it('says what is left and when the count starts again, in en-GB', () => {
    expect(PLAN_TEXTS.newConversationsLeft(1)).toBe('You can start 1 more new conversation this month.');
    expect(PLAN_TEXTS.newConversationsLeft(2)).toBe('You can start 2 more new conversations this month.');
    expect(PLAN_TEXTS.newConversationLimitReached('2026-09-01')).toContain('from 1 Sept 2026');
    expect(PLAN_TEXTS.newConversationLimitReached('2026-09-01')).toMatch(/^Free accounts can start conversations with 2 new people a month.*Upgrade for unlimited messages\.$/);
  });
});
