import { describe, expect, it } from 'vitest';
import { calendarDate, pageNumber, readQuery } from './query-string.ts';

describe('readQuery', () => {
  it('keeps the trimmed parameters its readers accept and drops blank, unknown and rejected ones', () => {
    const params = new URLSearchParams('a=%20x%20&b=&c=7&d=no&other=1');
    const out = readQuery(params, ['a', 'b', 'c', 'd'] as const, {
      a: (raw) => raw,
      b: (raw) => raw,
      c: (raw) => Number(raw),
      d: () => undefined,
    });
    expect(out).toEqual({ a: 'x', c: 7 });
  });
});

describe('the shared readers', () => {
  it('pageNumber: 1 to 100000', () => {
    expect(pageNumber('1')).toBe(1);
    expect(pageNumber('100000')).toBe(100_000);
    expect(pageNumber('0')).toBeUndefined();
    expect(pageNumber('100001')).toBeUndefined();
    expect(pageNumber('2.5')).toBeUndefined();
  });
  it('calendarDate: dates that exist, 1900 to 2200', () => {
    expect(calendarDate('2024-02-29')).toBe('2024-02-29');
    expect(calendarDate('2023-02-29')).toBeUndefined();
    expect(calendarDate('1899-12-31')).toBeUndefined();
    expect(calendarDate('2024-1-01')).toBeUndefined();
  });
});
