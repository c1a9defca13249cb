import { API_TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('users and messages on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  describe('GET /api/users/profile', () => {
    it('answers the Profile object of the contract, nulls for what is unset', async () => {
      const user = await createUser(ctx.db, { name: 'Priya Sharma', userType: 'Landlord', plan: 'Premium' });
      const res = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(await login(ctx, user)) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        UserID: user.id,
        Name: 'Priya Sharma',
        Email: user.email,
        UserType: 'Landlord',
        Plan: 'Premium',
        PhoneNumber: null,
        ProfilePictureURL: null,
        Bio: null,
        LookingForDescription: null,
        BudgetMin: null,
        BudgetMax: null,
        PreferredLocations: null,
        FlatmateMoveInDate: null,
        IsActivelyLooking: false,
        // A new account is told of messages it leaves unread.
        EmailOnMessage: true,
        EmailVerified: false,
      });
    });

    it('answers a filled-in flatmate profile with a calendar date and whole budgets, and never the password hash', async () => {
      const user = await createUser(ctx.db);
      await ctx.db
        .updateTable('users')
        .set({
          phone_number: '07700 900000',
          bio: 'Quiet nurse on nights.',
          looking_for_description: 'A calm house share.',
          budget_min: 650,
          budget_max: 900,
          preferred_locations: 'Hackney, Stratford',
          flatmate_move_in_date: '2027-02-28',
          is_actively_looking: true,
          profile_picture_url: '/uploads/profiles/a.jpg',
        })
        .where('id', '=', user.id)
        .execute();
      const res = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(await login(ctx, user)) });
      const body = res.json();
      expect(body).toMatchObject({
        PhoneNumber: '07700 900000',
        BudgetMin: 650,
        BudgetMax: 900,
        PreferredLocations: 'Hackney, Stratford',
        FlatmateMoveInDate: '2027-02-28',
        IsActivelyLooking: true,
        ProfilePictureURL: '/uploads/profiles/a.jpg',
      });
      expect(res.body).not.toMatch(/argon2|password/i);
    });

    it('answers 401 without a valid token', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/api/users/profile' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: API_TEXTS.unauthenticated });
    });
  });

  describe('GET /api/messages/unread-count', () => {
    it('counts the caller’s received, unread messages only', async () => {
      const me = await createUser(ctx.db);
      const other = await createUser(ctx.db);
      const token = await login(ctx, me);
      const count = async () => (await ctx.inject({ method: 'GET', url: '/api/messages/unread-count', headers: bearer(token) })).json();

      expect(await count()).toEqual({ totalUnread: 0 });
      await ctx.db
        .insertInto('messages')
        .values([
          { sender_id: other.id, receiver_id: me.id, content: 'Is the room still free?' },
          { sender_id: other.id, receiver_id: me.id, content: 'Can I view it on Saturday?' },
          { sender_id: other.id, receiver_id: me.id, content: 'Already read', read_at: new Date() },
          { sender_id: me.id, receiver_id: other.id, content: 'Sent by me' },
        ])
        .execute();
      expect(await count()).toEqual({ totalUnread: 2 });
      await ctx.db.updateTable('messages').set({ read_at: new Date() }).where('receiver_id', '=', me.id).execute();
      expect(await count()).toEqual({ totalUnread: 0 });
    });

    it('answers 401 without a token', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/api/messages/unread-count' });
      expect(res.statusCode).toBe(401);
    });

    it('removes a deleted user’s messages with the account', async () => {
      const me = await createUser(ctx.db);
      const other = await createUser(ctx.db);
      await ctx.db.insertInto('messages').values({ sender_id: other.id, receiver_id: me.id, content: 'Hello' }).execute();
      await ctx.db.deleteFrom('users').where('id', '=', other.id).execute();
      const token = await login(ctx, me);
      expect((await ctx.inject({ method: 'GET', url: '/api/messages/unread-count', headers: bearer(token) })).json()).toEqual({ totalUnread: 0 });
    });
  });
});
