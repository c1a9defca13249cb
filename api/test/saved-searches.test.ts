/**
 * Saved searches through the API, on every test database: saving, listing newest first, renaming, changing the
 * frequency and deleting; the owner only (another person's search is a 404, a visitor a 401); bad input a 400 with
 * the field's message; at most MAX_SAVED_SEARCHES a person, also when two saves race at the last place.
 */
import { MAX_SAVED_SEARCHES, SAVED_TEXTS, type SavedSearch } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, type Actor } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('saved searches on $name', (database) => {
  let ctx: TestContext;
  let owner: Actor;
  let other: Actor;

  beforeAll(async () => {
    ctx = await createTestContext(database);
    owner = await actor(ctx, 'Tenant');
    other = await actor(ctx, 'Landlord');
  });
  afterAll(() => ctx.close());

  const save = (who: Actor | null, payload: unknown) =>
    ctx.inject({ method: 'POST', url: '/api/saved-searches', payload: payload as object, headers: who ? bearer(who.token) : {} });
  const list = async (who: Actor) => {
    const res = await ctx.inject({ method: 'GET', url: '/api/saved-searches', headers: bearer(who.token) });
    expect(res.statusCode).toBe(200);
    return res.json<{ savedSearches: SavedSearch[] }>().savedSearches;
  };

  it('saves a search with its criteria as GET /api/listings reads them, and lists it', async () => {
    const res = await save(owner, {
      Name: 'Hackney doubles',
      Criteria: { city: ' Hackney ', maxPrice: 900, roomType: 'Double', sortBy: 'rent_asc', page: 2 },
      Frequency: 'instant',
    });
    expect(res.statusCode).toBe(201);
    const { savedSearch } = res.json<{ savedSearch: SavedSearch }>();
    expect(savedSearch).toMatchObject({ Name: 'Hackney doubles', Frequency: 'instant', LastSentAt: null });
    // Trimmed as search trims it; sortBy and page are no part of a saved search.
    expect(savedSearch.Criteria).toEqual({ city: 'Hackney', maxPrice: 900, roomType: 'Double' });
    expect(new Date(savedSearch.CreatedAt).toISOString()).toBe(savedSearch.CreatedAt);
    expect((await list(owner)).map((s) => s.SavedSearchID)).toContain(savedSearch.SavedSearchID);
    // Its match rows were written with it.
    const terms = await ctx.db.selectFrom('saved_search_terms').selectAll().where('saved_search_id', '=', savedSearch.SavedSearchID).execute();
    expect(terms.map((t) => [t.place_kind, t.place_key]).sort()).toEqual([
      ['area', 'hackney'],
      ['city-prefix', 'hackney'],
      ['street', 'hackney'],
    ]);
    expect(terms.every((t) => Number(t.max_rent) === 900 && t.room_type === 'Double' && t.frequency === 'instant')).toBe(true);
  });

  it('lists the newest first, and only the caller’s own', async () => {
    const a = (await save(other, { Name: 'First', Criteria: {}, Frequency: 'daily' })).json<{ savedSearch: SavedSearch }>().savedSearch;
    const b = (await save(other, { Name: 'Second', Criteria: { city: 'E8' }, Frequency: 'off' })).json<{ savedSearch: SavedSearch }>().savedSearch;
    const mine = await list(other);
    expect(mine.map((s) => s.SavedSearchID)).toEqual([b.SavedSearchID, a.SavedSearchID]);
    expect((await list(owner)).some((s) => s.SavedSearchID === a.SavedSearchID)).toBe(false);
  });

  it('renames a search and changes its frequency, and the match rows follow the frequency', async () => {
    const { savedSearch } = (await save(owner, { Name: 'Rename me', Criteria: { city: 'London' }, Frequency: 'instant' })).json<{ savedSearch: SavedSearch }>();
    const url = `/api/saved-searches/${savedSearch.SavedSearchID}`;
    const renamed = await ctx.inject({ method: 'PATCH', url, payload: { Name: 'London rooms' }, headers: bearer(owner.token) });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ savedSearch: SavedSearch }>().savedSearch).toMatchObject({ Name: 'London rooms', Frequency: 'instant' });
    const changed = await ctx.inject({ method: 'PATCH', url, payload: { Frequency: 'off' }, headers: bearer(owner.token) });
    expect(changed.json<{ savedSearch: SavedSearch }>().savedSearch).toMatchObject({ Name: 'London rooms', Frequency: 'off' });
    const terms = await ctx.db.selectFrom('saved_search_terms').select('frequency').where('saved_search_id', '=', savedSearch.SavedSearchID).execute();
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.every((t) => t.frequency === 'off')).toBe(true);
  });

  it('answers 404 for another person’s search (PATCH and DELETE), and leaves it alone', async () => {
    const { savedSearch } = (await save(owner, { Name: 'Mine', Criteria: {}, Frequency: 'daily' })).json<{ savedSearch: SavedSearch }>();
    const url = `/api/saved-searches/${savedSearch.SavedSearchID}`;
    const patch = await ctx.inject({ method: 'PATCH', url, payload: { Name: 'Theirs now' }, headers: bearer(other.token) });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ message: SAVED_TEXTS.searchNotFound });
    const del = await ctx.inject({ method: 'DELETE', url, headers: bearer(other.token) });
    expect(del.statusCode).toBe(404);
    expect((await list(owner)).find((s) => s.SavedSearchID === savedSearch.SavedSearchID)?.Name).toBe('Mine');
    const missing = await ctx.inject({ method: 'DELETE', url: '/api/saved-searches/2147483647', headers: bearer(owner.token) });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes the owner’s search, with its match rows', async () => {
    const { savedSearch } = (await save(owner, { Name: 'Delete me', Criteria: { city: 'Leeds' }, Frequency: 'instant' })).json<{ savedSearch: SavedSearch }>();
    const res = await ctx.inject({ method: 'DELETE', url: `/api/saved-searches/${savedSearch.SavedSearchID}`, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SAVED_TEXTS.searchDeleted });
    expect((await list(owner)).some((s) => s.SavedSearchID === savedSearch.SavedSearchID)).toBe(false);
    const terms = await ctx.db.selectFrom('saved_search_terms').select('place_kind').where('saved_search_id', '=', savedSearch.SavedSearchID).execute();
    expect(terms).toEqual([]);
  });

  it('answers 401 to a visitor on every call', async () => {
    for (const [method, url] of [
      ['POST', '/api/saved-searches'],
      ['GET', '/api/saved-searches'],
      ['PATCH', '/api/saved-searches/1'],
      ['DELETE', '/api/saved-searches/1'],
    ] as const) {
      const res = await ctx.inject({ method, url, ...(method === 'POST' || method === 'PATCH' ? { payload: { Name: 'x', Criteria: {}, Frequency: 'off' } } : {}) });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 401 });
    }
  });

  it.each([
    [{ Criteria: {}, Frequency: 'instant' }, 'Name', SAVED_TEXTS.nameRequired],
    [{ Name: '   ', Criteria: {}, Frequency: 'instant' }, 'Name', SAVED_TEXTS.nameRequired],
    [{ Name: 'x'.repeat(81), Criteria: {}, Frequency: 'instant' }, 'Name', 'Name must be at most 80 characters.'],
    [{ Name: 'Weekly', Criteria: {}, Frequency: 'weekly' }, 'Frequency', 'Frequency must be one of instant, daily, off.'],
    [{ Name: 'Bad price', Criteria: { minPrice: 900, maxPrice: 500 }, Frequency: 'daily' }, 'Criteria.maxPrice', 'Maximum price must not be below the minimum price.'],
    [{ Name: 'Bad type', Criteria: { roomType: 'Castle' }, Frequency: 'daily' }, 'Criteria.roomType', 'Unknown room type.'],
    [{ Name: 'Bad date', Criteria: { availableDate: '31-12-2030' }, Frequency: 'daily' }, 'Criteria.availableDate', 'availableDate must be a valid date (YYYY-MM-DD).'],
    [{ Name: 'No criteria', Frequency: 'daily' }, 'Criteria', SAVED_TEXTS.criteriaRequired],
  ])('refuses a bad body with a 400 naming the field (%#)', async (payload, field, message) => {
    const res = await save(owner, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: { field: string; message: string }[] }>();
    const error = body.errors.find((e) => e.field === field);
    expect(body.errors.map((e) => e.field)).toContain(field);
    expect(error?.message).toBe(message);
  });

  it('refuses a bad id or an empty change with a 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await ctx.inject({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers: bearer(owner.token) });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 400 });
      expect(res.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe('id');
    }
    const empty = await ctx.inject({ method: 'PATCH', url: '/api/saved-searches/1', payload: {}, headers: bearer(owner.token) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Please give a new Name or Frequency.' });
    const notJson = await ctx.inject({ method: 'POST', url: '/api/saved-searches', payload: '[1]', headers: { ...bearer(owner.token), 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} a person, also when two saves race for the last place`, async () => {
    const person = await actor(ctx, 'Tenant');
    for (let i = 0; i < MAX_SAVED_SEARCHES - 1; i++) {
      expect((await save(person, { Name: `Search ${i}`, Criteria: { maxPrice: 500 + i }, Frequency: 'daily' })).statusCode).toBe(201);
    }
    const [a, b] = await Promise.all([
      save(person, { Name: 'Racer A', Criteria: {}, Frequency: 'instant' }),
      save(person, { Name: 'Racer B', Criteria: {}, Frequency: 'instant' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toMatchObject({ message: SAVED_TEXTS.tooManySearches(MAX_SAVED_SEARCHES) });
    expect(await list(person)).toHaveLength(MAX_SAVED_SEARCHES);
    const more = await save(person, { Name: 'One more', Criteria: {}, Frequency: 'off' });
    expect(more.statusCode).toBe(409);
    // Deleting one makes room again.
    const [newest] = await list(person);
    await ctx.inject({ method: 'DELETE', url: `/api/saved-searches/${newest!.SavedSearchID}`, headers: bearer(person.token) });
    expect((await save(person, { Name: 'Room again', Criteria: {}, Frequency: 'off' })).statusCode).toBe(201);
  });
});
