/**
 * POST /api/newsletter/subscriptions: stores an email for the newsletter.
 * Idempotent: an email already subscribed (in any letter case) answers 200,
 * a new one 201. The unique index on lower(email) decides between two
 * subscriptions of one address at the same moment.
 */
import { apiErrorSchema, NEWSLETTER_TEXTS, newsletterSubscribeResponseSchema, newsletterSubscribeSchema } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

export interface NewsletterRoutesOptions {
  db: Kysely<DB>;
}

const newsletterRoutes: FastifyPluginAsyncZod<NewsletterRoutesOptions> = async (app, { db }) => {
  app.post(
    '/subscriptions',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email to the newsletter',
        description:
          'Anyone. 201 for a new subscription; 200 with "You are already subscribed." when the email is already subscribed ' +
          '(emails compare case-insensitively, so subscribing twice is harmless); 400 for an invalid email.',
        body: newsletterSubscribeSchema,
        response: { 200: newsletterSubscribeResponseSchema, 201: newsletterSubscribeResponseSchema, 400: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { Email } = request.body;
      // Inserts unless the lower-cased email exists; a concurrent insert of the same address waits on the index and then does nothing.
      const inserted = await db
        .insertInto('newsletter_subscriptions')
        .values({ email: Email })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted
        ? reply.code(201).send({ message: NEWSLETTER_TEXTS.subscribed })
        : reply.code(200).send({ message: NEWSLETTER_TEXTS.alreadySubscribed });
    },
  );
};

export default newsletterRoutes;
