/**
 * Counting views of a room's detail: once per viewer per London day, never its owner's (docs/product.md,
 * Messaging; docs/security.md for how an anonymous viewer is known). Every place that serves a room's detail to
 * a person (GET /api/listings/{id}, and a server-rendered room page) counts through one ViewCounter, after
 * answering, so counting costs the reader nothing.
 */
import { createHmac } from 'node:crypto';
import { londonDaysAhead, londonToday } from '@roomnest/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { forgetViewersBefore, recordView } from './views-repository.ts';

/** How often, at most, one server forgets the viewers of days gone (their views stay counted). */
const FORGET_VIEWERS_EVERY_MS = 60 * 60 * 1000;

/**
 * Who is viewing: a logged-in viewer is their account; anyone else a keyed hash of their address, browser and the
 * day, so nothing stored tells the address, and the same person cannot be followed from one day to the next.
 */
export function viewerKey(secret: Uint8Array, day: string, userId: number | undefined, ip: string, userAgent: string): string {
  if (userId !== undefined) return `u:${userId}`;
  return `a:${createHmac('sha256', secret).update(`listing-view\n${day}\n${ip}\n${userAgent}`).digest('base64url')}`;
}

/** Counts `listing` as viewed by the caller of `request` once `reply` is out, unless the caller owns it. */
export type ViewCounter = (request: FastifyRequest, reply: FastifyReply, listing: { id: number; landlord_id: number }) => void;

export function createViewCounter(app: FastifyInstance, db: Kysely<DB>, now: () => Date, secret: Uint8Array): ViewCounter {
  let viewersForgottenAt = 0;
  return (request, reply, listing) => {
    const userId = request.user?.id;
    if (listing.landlord_id === userId) return; // the owner's own visits never count
    const day = londonToday(now());
    const viewer = viewerKey(secret, day, userId, request.ip, request.headers['user-agent'] ?? '');
    app.background.afterAnswer(reply, request.log, 'listings: counting a view failed', async () => {
      await recordView(db, listing.id, viewer, day);
      // Yesterday's viewers are kept, so a server whose clock is a little behind another's still finds them.
      const at = now();
      if (Math.abs(at.getTime() - viewersForgottenAt) >= FORGET_VIEWERS_EVERY_MS) {
        viewersForgottenAt = at.getTime();
        await forgetViewersBefore(db, londonDaysAhead(-1, at));
      }
    });
  };
}
