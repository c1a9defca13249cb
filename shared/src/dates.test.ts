import { describe, expect, it } from 'vitest';
import { londonDaysAhead, londonToday } from './dates.ts';
import { availableDateInPast } from './schemas/listing.ts';

describe('londonToday', () => {
  it('is the UTC date in winter (GMT), up to the last second before midnight', () => {
    expect(londonToday(new Date('2026-01-15T00:00:00Z'))).toBe('2026-01-15');
    expect(londonToday(new Date('2026-01-15T23:59:59Z'))).toBe('2026-01-15');
    expect(londonToday(new Date('2026-01-16T00:00:00Z'))).toBe('2026-01-16');
  });

  it('turns at 23:00 UTC in summer (BST)', () => {
    expect(londonToday(new Date('2026-07-15T22:59:59Z'))).toBe('2026-07-15');
    expect(londonToday(new Date('2026-07-15T23:00:00Z'))).toBe('2026-07-16');
  });

  it('follows the clock changes of March and October', () => {
    // 29 March 2026: clocks go forward at 01:00 UTC; 25 October 2026: back at 01:00 UTC.
    expect(londonToday(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
    expect(londonToday(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(londonToday(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(londonToday(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });
});

describe('londonDaysAhead', () => {
  it('counts from the London day, across a month and a clock change', () => {
    expect(londonDaysAhead(0, new Date('2026-01-15T12:00:00Z'))).toBe('2026-01-15');
    expect(londonDaysAhead(20, new Date('2026-01-15T12:00:00Z'))).toBe('2026-02-04');
    // 23:30 UTC on 15 July is already 00:30 on the 16th in London.
    expect(londonDaysAhead(1, new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-17');
    // Across the clock change at the end of March.
    expect(londonDaysAhead(3, new Date('2026-03-27T12:00:00Z'))).toBe('2026-03-30');
  });
});

describe('availableDateInPast', () => {
  it('allows today and later, refuses earlier days', () => {
    expect(availableDateInPast('2026-07-16', '2026-07-16')).toBe(false);
    expect(availableDateInPast('2030-01-01', '2026-07-16')).toBe(false);
    expect(availableDateInPast('2026-07-15', '2026-07-16')).toBe(true);
    expect(availableDateInPast('2020-01-01', '2026-07-16')).toBe(true);
  });

  it("keeps a listing's own past date when it is unchanged, but not another past date", () => {
    expect(availableDateInPast('2026-02-01', '2026-07-16', '2026-02-01')).toBe(false);
    expect(availableDateInPast('2026-01-31', '2026-07-16', '2026-02-01')).toBe(true);
    expect(availableDateInPast('2026-07-15', '2026-07-16', null)).toBe(true);
  });
});
