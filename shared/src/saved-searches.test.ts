import { describe, expect, it } from 'vitest';
import { SAVED_SEARCH_NAME_MAX } from './constants.ts';
import { defaultSavedSearchName, describeSavedSearch, savedSearchCriteria, savedSearchHref } from './saved-searches.ts';
import { savedSearchCriteriaSchema } from './schemas/listing.ts';

describe('saved searches in words', () => {
  it('says what a search looks for, in en-GB with £ and day-month-year', () => {
    expect(describeSavedSearch({ address: 'Hackney', maxPrice: 900, roomType: 'Double' })).toBe('Double rooms in Hackney, up to £900 a month');
    expect(describeSavedSearch({ city: 'Manchester', minPrice: 450.5 })).toBe('Rooms in Manchester, from £450.50 a month');
    expect(describeSavedSearch({ city: 'Leeds', minPrice: 400, maxPrice: 1200, availableDate: '2026-12-01' })).toBe('Rooms in Leeds, £400 to £1,200 a month, available by 1 Dec 2026');
    expect(describeSavedSearch({ roomType: 'Studio', priceRange: '1500+' })).toBe('Studios, £1,500 or more a month');
    expect(describeSavedSearch({ priceRange: '500-1000' })).toBe('Rooms, £500 to £1,000 a month');
    expect(describeSavedSearch({ city: 'London', address: 'Mare Street' })).toBe('Rooms in Mare Street, London');
    expect(describeSavedSearch({ city: 'Bristol' })).toBe('Rooms in Bristol');
    expect(describeSavedSearch({ roomType: 'Shared' })).toBe('Shared rooms');
    expect(describeSavedSearch({})).toBe('Any room, anywhere');
  });

  it('starts a new search with its description as its name, cut on a word within the limit', () => {
    expect(defaultSavedSearchName({ address: 'Hackney', roomType: 'Double' })).toBe('Double rooms in Hackney');
    const long = defaultSavedSearchName({ address: 'Flat 3, the very long street name of somewhere quite far away', city: 'Newcastle upon Tyne', maxPrice: 900 });
    expect(long.length).toBeLessThanOrEqual(SAVED_SEARCH_NAME_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('keeps only the criteria of a room search, which the shared schema accepts as they are', () => {
    const criteria = savedSearchCriteria({ city: ' London ', address: '', maxPrice: 900, sortBy: 'rent_asc', page: 2, roomType: 'Double' });
    expect(criteria).toEqual({ city: 'London', maxPrice: 900, roomType: 'Double' });
    expect(savedSearchCriteriaSchema.parse(criteria)).toEqual(criteria);
    expect(savedSearchHref(criteria)).toBe('/rooms?city=London&maxPrice=900&roomType=Double');
    expect(savedSearchHref({})).toBe('/rooms');
  });
});
