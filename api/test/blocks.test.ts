/**
 * Blocks as two people and an attacker meet them: PUT, DELETE and GET /api/blocks; messages refused both ways with
 * the right sentence for each side and nothing stored; a block and a send racing (the send waits for the block's
 * transaction, then is refused); the blocker's conversation list and unread count; the thread still readable; the
 * emails about messages of a blocked pair, including a job queued before the block; a suspended receiver; and
 * Message.SafetyWarning on the send answer, the thread and both sides.
 */
import { join } from 'node:path';
import { TRUST_TEXTS, type BlockedUser, type Conversation, type Message } from '@roomnest/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_EMAIL_DELAY_SECONDS } from '../src/config.ts';
import { lockPair } from '../src/features/blocks/repository.ts';
import { readOutbox } from './email-support.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, type TestContext } from './support.ts';

interface Person {
  id: number;
  email: string;
  name: string;
  token: string;
}

const SCAM = 'The room is yours if you pay the £400 deposit by bank transfer before the viewing.';

describe.each(TEST_DATABASES)('blocks on $name', (database) => {
  let ctx: TestContext;
  let clock = new Date();
  let people = 0;
  const person = async (name = `Person ${++people}`): Promise<Person> => {
    // Premium: the Free plan's monthly rule is not what these tests are about.
    const user = await createUser(ctx.db, { name, plan: 'Premium' });
    return { id: user.id, email: user.email, name, token: await login(ctx, user) };
  };
  const send = (from: Person, to: Person, text = 'Hello, is the room still free?') =>
    ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload: { ReceiverID: to.id, MessageContent: text } });
  const sent = async (from: Person, to: Person, text?: string) => {
    const res = await send(from, to, text);
    expect(res.statusCode).toBe(201);
    return res.json<{ messageId: number; newMessageDetails: Message }>();
  };
  const blockUser = (who: Person, other: number) => ctx.inject({ method: 'PUT', url: `/api/blocks/${other}`, headers: bearer(who.token) });
  const unblockUser = (who: Person, other: number) => ctx.inject({ method: 'DELETE', url: `/api/blocks/${other}`, headers: bearer(who.token) });
  const blocked = async (who: Person) => {
    const res = await ctx.inject({ method: 'GET', url: '/api/blocks', headers: bearer(who.token) });
    expect(res.statusCode).toBe(200);
    return res.json<{ users: BlockedUser[] }>().users;
  };
  const conversations = async (who: Person) => {
    const res = await ctx.inject({ method: 'GET', url: '/api/messages/my-conversations', headers: bearer(who.token) });
    expect(res.statusCode).toBe(200);
    return res.json<Conversation[]>().map((c) => c.PartnerID);
  };
  const unread = async (who: Person) =>
    (await ctx.inject({ method: 'GET', url: '/api/messages/unread-count', headers: bearer(who.token) })).json<{ totalUnread: number }>().totalUnread;
  const thread = async (who: Person, other: Person) => {
    const res = await ctx.inject({ method: 'GET', url: `/api/messages/conversation/${other.id}`, headers: bearer(who.token) });
    expect(res.statusCode).toBe(200);
    return res.json<Message[]>();
  };
  const storedBetween = async (a: Person, b: Person) =>
    Number(
      (
        await ctx.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where((eb) => eb.or([eb.and([eb('sender_id', '=', a.id), eb('receiver_id', '=', b.id)]), eb.and([eb('sender_id', '=', b.id), eb('receiver_id', '=', a.id)])]))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ctx = await createTestContext(database, undefined, { now: () => clock });
  });
  afterAll(() => ctx?.close());

  describe('PUT, DELETE and GET /api/blocks', () => {
    it('blocks someone the caller has messages with, idempotently, lists them newest first, and unblocks', async () => {
      const [me, x, y] = [await person('Mia Me'), await person('Xavier X'), await person('Yasmin Y')];
      await sent(x, me);
      await sent(me, y);
      const first = await blockUser(me, x.id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: TRUST_TEXTS.blockDone });
      expect((await blockUser(me, y.id)).statusCode).toBe(200);
      expect(await blocked(me)).toEqual([
        { UserID: y.id, Name: 'Yasmin Y' },
        { UserID: x.id, Name: 'Xavier X' },
      ]);
      // Again: the same answer, one row, and the list keeps its order.
      expect((await blockUser(me, x.id)).json()).toEqual({ message: TRUST_TEXTS.blockDone });
      expect((await blocked(me)).map((u) => u.UserID)).toEqual([y.id, x.id]);
      // Nobody learns who blocked them.
      expect(await blocked(x)).toEqual([]);

      const off = await unblockUser(me, x.id);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ message: TRUST_TEXTS.unblockDone });
      expect((await unblockUser(me, x.id)).json()).toEqual({ message: TRUST_TEXTS.unblockDone });
      expect((await unblockUser(me, 2_000_000_000)).statusCode).toBe(200);
      expect((await blocked(me)).map((u) => u.UserID)).toEqual([y.id]);
    });

    // Two transactions at once need PostgreSQL (PGlite runs one at a time, so the deletion cannot interleave there).
    it.runIf(database.name === 'PostgreSQL')('an account deleted while the block reads it answers 404, not a failure', async () => {
      const [me, leaving] = [await person(), await person()];
      await sent(leaving, me);
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let deleted!: () => void;
      const rowDeleted = new Promise<void>((resolve) => (deleted = resolve));
      // The account's deletion in progress: its row deleted, not yet committed.
      const deleting = ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('id', '=', leaving.id).execute();
        deleted();
        await held;
      });
      await rowDeleted;
      const blocking = blockUser(me, leaving.id);
      // The event: the block's transaction is waiting for the deleted row's lock.
      for (;;) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'transactionid' and not granted`.execute(ctx.db);
        if (rows[0]!.n > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      commit();
      await deleting;
      const res = await blocking;
      expect(res.statusCode).toBe(404);
      expect(await blocked(me)).toEqual([]);
    });

    it('refuses oneself (400), someone the caller cannot know or who does not exist (404), bad ids (400) and visitors (401), storing nothing', async () => {
      const [me, stranger] = [await person(), await person()];
      const self = await blockUser(me, me.id);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ message: TRUST_TEXTS.blockSelf });
      for (const id of [stranger.id, 2_000_000_000]) {
        const res = await blockUser(me, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'User not found.' });
      }
      for (const id of ['0', 'abc', '99999999999', '-1']) expect((await ctx.inject({ method: 'PUT', url: `/api/blocks/${id}`, headers: bearer(me.token) })).statusCode).toBe(400);
      expect((await ctx.inject({ method: 'PUT', url: `/api/blocks/${stranger.id}` })).statusCode).toBe(401);
      expect((await ctx.inject({ method: 'GET', url: '/api/blocks' })).statusCode).toBe(401);
      expect((await ctx.inject({ method: 'DELETE', url: `/api/blocks/${stranger.id}` })).statusCode).toBe(401);
      expect(await blocked(me)).toEqual([]);
    });

    it('lets anyone block a listed flatmate or a landlord with a room in search before any message', async () => {
      const [me, flatmate] = [await person(), await person('Fern Flatmate')];
      await ctx.db.updateTable('users').set({ is_actively_looking: true }).where('id', '=', flatmate.id).execute();
      expect((await blockUser(me, flatmate.id)).statusCode).toBe(200);
    });
  });

  describe('messages between a blocked pair', () => {
    it('refuses both ways with 403, telling the blocker how to unblock and the other only that it was not delivered; unblocking restores', async () => {
      const [blocker, other] = [await person(), await person()];
      await sent(other, blocker);
      expect((await blockUser(blocker, other.id)).statusCode).toBe(200);
      const before = await storedBetween(blocker, other);

      const fromOther = await send(other, blocker);
      expect(fromOther.statusCode).toBe(403);
      expect(fromOther.json()).toEqual({ message: TRUST_TEXTS.blockedYou });
      const fromBlocker = await send(blocker, other);
      expect(fromBlocker.statusCode).toBe(403);
      expect(fromBlocker.json()).toEqual({ message: TRUST_TEXTS.blocked });
      expect(TRUST_TEXTS.blocked).toMatch(/Unblock/);
      expect(await storedBetween(blocker, other)).toBe(before);

      // Both blocked each other: each is told they blocked the other.
      expect((await blockUser(other, blocker.id)).statusCode).toBe(200);
      expect((await send(other, blocker)).json()).toEqual({ message: TRUST_TEXTS.blocked });
      expect((await unblockUser(other, blocker.id)).statusCode).toBe(200);

      expect((await unblockUser(blocker, other.id)).statusCode).toBe(200);
      await sent(other, blocker, 'Back again');
      await sent(blocker, other, 'Hello again');
    });

    it('answers input errors (400) and an unknown receiver (404) before the block', async () => {
      const [blocker, other] = [await person(), await person()];
      await sent(other, blocker);
      await blockUser(blocker, other.id);
      expect((await send(other, blocker, '   ')).statusCode).toBe(400);
      expect((await send(other, { ...blocker, id: 2_000_000_000 })).statusCode).toBe(404);
    });

    it('a send racing a block waits for the block’s transaction and is refused: nothing is stored after a block', async () => {
      const [blocker, other] = [await person(), await person()];
      await sent(other, blocker);
      const before = await storedBetween(blocker, other);
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let taken!: () => void;
      const lockTaken = new Promise<void>((resolve) => (taken = resolve));
      // A block in progress: the pair's lock taken and the row written, not yet committed.
      const blocking = ctx.db.transaction().execute(async (trx) => {
        await lockPair(trx, blocker.id, other.id, 'exclusive');
        await trx.insertInto('blocks').values({ blocker_id: blocker.id, blocked_id: other.id }).execute();
        taken();
        await held;
      });
      await lockTaken;
      const sending = send(other, blocker, 'Sent while the block commits');
      if (database.name === 'PostgreSQL') {
        // The event: the send's transaction is waiting for the pair's lock.
        for (;;) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`.execute(ctx.db);
          if (rows[0]!.n > 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      // (PGlite runs one transaction at a time: the send's cannot start before the block's ends.)
      commit();
      await blocking;
      const res = await sending;
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: TRUST_TEXTS.blockedYou });
      expect(await storedBetween(blocker, other)).toBe(before);
    });

    it('many sends racing one block: every message stored is older than the block, every later one refused', async () => {
      const [blocker, other] = [await person(), await person()];
      await sent(blocker, other);
      const sends = Array.from({ length: 8 }, (_, i) => send(other, blocker, `Racing ${i}`));
      const [answers, block] = await Promise.all([Promise.all(sends), blockUser(blocker, other.id)]);
      expect(block.statusCode).toBe(200);
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 403)).toBe(true);
      // After the block has answered, nothing more gets through.
      expect((await send(other, blocker, 'After')).statusCode).toBe(403);
      expect(await storedBetween(blocker, other)).toBe(1 + answers.filter((a) => a.statusCode === 201).length);
    });

    it('the blocker’s list leaves the conversation out and their unread count its messages; the person blocked sees no change; the thread stays readable', async () => {
      const [blocker, other, third] = [await person(), await person('Olly Other'), await person()];
      await sent(other, blocker, 'One');
      await sent(other, blocker, 'Two');
      await sent(third, blocker, 'Three');
      expect(await unread(blocker)).toBe(3);
      expect(await conversations(blocker)).toEqual([third.id, other.id]);

      await blockUser(blocker, other.id);
      expect(await conversations(blocker)).toEqual([third.id]);
      expect(await unread(blocker)).toBe(1);
      expect(await conversations(other)).toEqual([blocker.id]);
      // The history stays readable both ways (the chat shows it with Unblock).
      expect((await thread(blocker, other)).map((m) => m.MessageContent)).toEqual(['One', 'Two']);
      expect((await thread(other, blocker)).map((m) => m.MessageContent)).toEqual(['One', 'Two']);

      await unblockUser(blocker, other.id);
      expect(await conversations(blocker)).toEqual([third.id, other.id]);
    });

    it('sends no email about a message from a blocked person, even one queued before the block', async () => {
      const [blocker, other] = [await person(), await person()];
      const outbox = join(ctx.config.dataDir, 'outbox');
      await sent(other, blocker, 'Queued before the block');
      await blockUser(blocker, other.id);
      clock = new Date(clock.getTime() + (DEFAULT_MESSAGE_EMAIL_DELAY_SECONDS + 60) * 1000);
      await ctx.app.jobs.runDue();
      expect(readOutbox(outbox, blocker.email)).toHaveLength(0);

      // Unblocked, a new message is emailed as usual: the check is the block, nothing else.
      const [third, fourth] = [await person(), await person()];
      await sent(third, fourth, 'Not blocked');
      clock = new Date(clock.getTime() + (DEFAULT_MESSAGE_EMAIL_DELAY_SECONDS + 60) * 1000);
      await ctx.app.jobs.runDue();
      expect(readOutbox(outbox, fourth.email)).toHaveLength(1);
    });

    it('a message to a suspended person answers 403 with a plain sentence and stores nothing', async () => {
      const [me, gone] = [await person(), await person()];
      await sent(gone, me);
      await ctx.db.updateTable('users').set({ suspended_at: new Date(), suspension_reason: 'Scam listings' }).where('id', '=', gone.id).execute();
      const res = await send(me, gone);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: TRUST_TEXTS.recipientInactive });
      expect(res.body).not.toContain('Scam listings');
      expect(await storedBetween(me, gone)).toBe(1);
    });
  });

  describe('Message.SafetyWarning', () => {
    it('is true on a message asking for money before a viewing, in the send answer and the thread of both sides; false otherwise', async () => {
      const [landlord, tenant] = [await person(), await person()];
      const scam = await sent(landlord, tenant, SCAM);
      expect(scam.newMessageDetails.SafetyWarning).toBe(true);
      const plain = await sent(tenant, landlord, 'Can I see it on Saturday?');
      expect(plain.newMessageDetails.SafetyWarning).toBe(false);
      for (const [who, other] of [
        [tenant, landlord],
        [landlord, tenant],
      ] as const) {
        expect((await thread(who, other)).map((m) => [m.MessageContent, m.SafetyWarning])).toEqual([
          [SCAM, true],
          ['Can I see it on Saturday?', false],
        ]);
      }
    });
  });
});
