import { describe, expect, it } from 'vitest';
import { parseHomeSearch } from './parse-search.ts';
import { flatmatesUrl, homeSearchUrl, roomsUrl } from './search-url.ts';

describe('Home search URLs', () => {
  it('builds the rooms search from what was filled in', () => {
    expect(roomsUrl({ location: 'London', minPrice: 400, maxPrice: 1000 })).toBe('/rooms?city=London&minPrice=400&maxPrice=1000');
    expect(roomsUrl({ minPrice: 0 })).toBe('/rooms?minPrice=0');
    expect(roomsUrl({ location: '   ' })).toBe('/rooms');
    expect(roomsUrl({})).toBe('/rooms');
  });

  it('sends a flatmates location as city (the Home search’s own parameter) and preferred_locations (the flatmate search filter)', () => {
    expect(flatmatesUrl({ location: 'Bethnal Green' })).toBe('/flatmates?city=Bethnal+Green&preferred_locations=Bethnal+Green');
    expect(flatmatesUrl({ location: '' })).toBe('/flatmates');
    expect(homeSearchUrl('flatmates', { location: 'Ilford', minPrice: 500 })).toBe('/flatmates?city=Ilford&preferred_locations=Ilford');
  });
});

describe('parseHomeSearch', () => {
  it('turns the rent fields into numbers and drops blanks', () => {
    expect(parseHomeSearch('rooms', { location: ' Romford ', minPrice: '450', maxPrice: '' })).toEqual({
      search: { location: 'Romford', minPrice: 450, maxPrice: undefined },
      errors: {},
    });
  });

  it('rejects negative or non-numeric rents and a max below the min', () => {
    expect(parseHomeSearch('rooms', { location: '', minPrice: '-1', maxPrice: 'abc' }).errors).toEqual({
      minPrice: 'Min rent must be an amount in pounds between 0 and 100,000.',
      maxPrice: 'Max rent must be an amount in pounds between 0 and 100,000.',
    });
    expect(parseHomeSearch('rooms', { location: '', minPrice: '800', maxPrice: '600' }).errors).toEqual({
      maxPrice: 'Max rent must be at least the min rent.',
    });
  });

  it('ignores the rent fields for flatmates', () => {
    expect(parseHomeSearch('flatmates', { location: 'Hackney', minPrice: '-5', maxPrice: '' })).toEqual({ search: { location: 'Hackney' }, errors: {} });
  });
});
