import { flatmateSearchSchema } from '@roomnest/shared';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, flatmatesHref, readFlatmateSearch, writeFlatmateSearch } from './search-query.ts';
import { toSearch } from './FilterBar.tsx';

const read = (qs: string) => readFlatmateSearch(new URLSearchParams(qs));

describe('flatmate search query string', () => {
  it('round-trips every parameter', () => {
    const qs = 'preferred_locations=Hackney%2C+Stratford&budget_min=600&budget_max=900&move_in_date=2026-12-01&page=3';
    const search = read(qs);
    expect(search).toEqual({ preferred_locations: 'Hackney, Stratford', budget_min: 600, budget_max: 900, move_in_date: '2026-12-01', page: 3 });
    expect(writeFlatmateSearch(search).toString()).toBe(qs);
    expect(read(writeFlatmateSearch(search).toString())).toEqual(search);
  });

  it("reads the Home search box's city as the preferred location, and writes it back under preferred_locations only", () => {
    expect(read('city=Stratford')).toEqual({ preferred_locations: 'Stratford' });
    expect(read('city=Stratford&preferred_locations=Hackney')).toEqual({ preferred_locations: 'Hackney' });
    expect(flatmatesHref(read('city=Stratford&page=2'))).toBe('/flatmates?preferred_locations=Stratford&page=2');
  });

  it('leaves out page 1 and empty values', () => {
    expect(flatmatesHref({ page: 1 })).toBe('/flatmates');
    expect(flatmatesHref({ preferred_locations: '', budget_min: 0 })).toBe('/flatmates?budget_min=0');
  });

  it('drops what the API would refuse, by the rules of the shared schema', () => {
    const bad = 'budget_min=6.5&budget_max=-1&move_in_date=2026-02-30&page=0&preferred_locations=' + 'x'.repeat(501) + '&cb=9';
    expect(read(bad)).toEqual({});
    for (const [key, value] of [
      ['budget_min', '6.5'],
      ['budget_max', '-1'],
      ['move_in_date', '2026-02-30'],
      ['page', '0'],
      ['preferred_locations', 'x'.repeat(501)],
    ] as const) {
      expect({ key, ok: flatmateSearchSchema.safeParse({ [key]: value }).success }).toEqual({ key, ok: false });
    }
    const good = read('budget_min=0&budget_max=100000&move_in_date=2028-02-29&page=7&preferred_locations=Bow');
    expect(flatmateSearchSchema.parse(good)).toEqual(good);
    expect(read('budget_max=100001')).toEqual({});
  });

  it('counts the filters, not the page', () => {
    expect(activeFilterCount(read('preferred_locations=Bow&budget_max=900&page=4'))).toBe(2);
  });
});

describe('the filter form', () => {
  const values = { locations: '  Hackney,  Bow ', budgetMin: '600', budgetMax: '900', moveIn: '2026-12-01' };
  it('turns the form into a search without a page', () => {
    expect(toSearch(values)).toEqual({
      errors: {},
      search: { preferred_locations: 'Hackney, Bow', budget_min: 600, budget_max: 900, move_in_date: '2026-12-01' },
    });
  });
  it('wants whole pounds and a max not below the min', () => {
    expect(toSearch({ ...values, budgetMin: '600.50' }).errors.budgetMin).toMatch(/whole number/);
    expect(toSearch({ ...values, budgetMin: '950' }).errors).toEqual({ budgetMax: 'Max budget must be at least the min budget.' });
  });
});
