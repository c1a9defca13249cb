import { listingSearchSchema } from '@roomnest/shared';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, readSearch, SEARCH_KEYS, searchHref, writeSearch } from './search-query.ts';

describe('search query string', () => {
  it('reads what the shared search schema accepts, and drops what it rejects', () => {
    const samples: Record<(typeof SEARCH_KEYS)[number], string[]> = {
      city: ['London', ' Manchester ', 'x'.repeat(100), 'x'.repeat(101)],
      address: ['Mare Street', 'y'.repeat(200), 'y'.repeat(201)],
      minPrice: ['0', '500', '499.99', '12.5', '1000000', '1000000.01', '-1', '1e3', 'abc', '1.234'],
      maxPrice: ['1500', '0.01', '2000000'],
      priceRange: ['0-500', '500-1000', '1000-1500', '1500+', '1500', 'cheap'],
      roomType: ['Single', 'Double', 'Studio', 'Shared', 'double', 'Castle'],
      availableDate: ['2026-12-01', '2028-02-29', '2026-02-29', '2026-13-01', '1899-12-31', '2026-1-5', 'soon'],
      sortBy: ['relevance', 'rent_asc', 'rent_desc', 'date_new', 'cheapest'],
      page: ['1', '2', '100000', '100001', '0', '1.5', '-2', 'two'],
    };
    for (const key of SEARCH_KEYS) {
      for (const raw of samples[key]) {
        const parsed = listingSearchSchema.shape[key].safeParse(raw.trim());
        const expected = parsed.success ? parsed.data : undefined;
        expect({ key, raw, value: readSearch(new URLSearchParams({ [key]: raw }))[key] }).toEqual({ key, raw, value: expected });
      }
    }
  });

  it('writes the parameters in a fixed order, leaving out blanks and defaults', () => {
    expect(writeSearch({ page: 1, sortBy: 'relevance', roomType: 'Double', city: 'London' }).toString()).toBe('city=London&roomType=Double');
    expect(writeSearch({ page: 4, sortBy: 'rent_desc', address: 'Bethnal Green' }).toString()).toBe('address=Bethnal+Green&sortBy=rent_desc&page=4');
    expect(searchHref('/find-a-room', {})).toBe('/find-a-room');
  });

  it('round-trips every parameter', () => {
    const url = 'city=London&address=Hackney&minPrice=400&maxPrice=1250.5&priceRange=1000-1500&roomType=Studio&availableDate=2027-01-31&sortBy=date_new&page=3';
    expect(writeSearch(readSearch(new URLSearchParams(url))).toString()).toBe(url);
  });

  it('counts the filters that are set, not the sort order or the page', () => {
    expect(activeFilterCount({ city: 'London', sortBy: 'rent_asc', page: 2, roomType: 'Single' })).toBe(2);
  });
});
