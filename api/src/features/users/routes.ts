/**
 * The users API at /api/users: the caller's profile (read, update as a
 * multipart form with an optional `profileImage` or as the JSON listed/unlisted
 * toggle, delete the whole account) and the public flatmate search.
 */
import {
  ACCOUNT_TYPE_TEXTS,
  accountTypeSchema,
  API_TEXTS,
  apiErrorSchema,
  flatmateSearchSchema,
  messageResponseSchema,
  planListingLimit,
  profileUpdateSchema,
  profileEmailSettingsSchema,
  profileVisibilitySchema,
  SAVED_TEXTS,
  type UserType,
} from '@roomnest/shared';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError, RequestValidationError, validatorCompiler } from '../../plugins/errors.ts';
import { removeUploads, storeProfilePicture } from '../../uploads/images.ts';
import { readMultipartForm, registerMultipart } from '../../uploads/multipart.ts';
import { listingPhotoFiles } from '../../uploads/photos.ts';
import type { UploadStorage } from '../../uploads/storage.ts';
import { activeListingsSummary } from '../listings/repository.ts';
import { newConversationUsage } from '../messages/quota.ts';
import { searchFlatmates } from './flatmates.ts';
import { deleteAccount, findPlan, findUserById, lockProfilePicture, lockUserType, setEmailOnMessage, setProfileListed, setUserType, updateProfile } from './repository.ts';
import { flatmateSearchPageSchema, planUsageSchema, profileSavedSchema, profileSchema, profileUpdateDoc, toProfile } from './schemas.ts';

export interface UsersRoutesOptions {
  db: Kysely<DB>;
  /** Where profile pictures (and the listing photos an account deletion removes) are kept (uploads/storage.ts). */
  uploads: UploadStorage;
}

/** Profile pictures are kept under `profiles/` of the upload storage and served at /uploads/profiles/. */
export const PROFILE_PICTURE_FOLDER = 'profiles';
export const PROFILE_PICTURE_FIELD = 'profileImage';
/** Listing images, deleted with their owner's account (the listings feature's folder). */
const LISTING_IMAGE_FOLDER = 'listings';

export const USER_TEXTS = {
  profileUpdated: 'Profile updated successfully.',
  listed: 'Your profile is listed: it now appears in flatmate search.',
  unlisted: 'Your profile is unlisted: it no longer appears in flatmate search.',
  accountDeleted: 'Your account and everything in it have been deleted.',
} as const;

function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new RequestValidationError(result.error);
  return result.data;
}

/** The PUT body schema documents both bodies; the handler reads and checks the one sent. */
function documentedBodyOnly<S>(route: Parameters<FastifySchemaCompiler<S>>[0]): ReturnType<FastifySchemaCompiler<S>> {
  return route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

const errors = (...codes: (400 | 401 | 404 | 409 | 413 | 415)[]) => Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { db, uploads }) => {
  // Profiles are personal and change under the reader: no HTTP cache keeps them.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const removeFiles = (folder: string, paths: readonly (string | null | undefined)[]) =>
    removeUploads(uploads, folder, paths, (err) => app.log.warn({ err }, `could not delete an image in ${folder}`));

  async function loadProfile(id: number) {
    const user = await findUserById(db, id);
    // Deleted between the token check and this read.
    if (!user) throw new HttpError(404, API_TEXTS.notFound);
    return toProfile(user);
  }

  /**
   * Tenant ↔ Landlord. A landlord with unexpired listings (any status: what the plan counts, and what could be
   * made public again) cannot become a tenant: 409 saying what to do. Under the user row's lock, which posting and
   * renewing take too, so no listing can be added between the check and the switch.
   */
  async function switchAccountType(userId: number, to: UserType): Promise<{ changed: boolean }> {
    return db.transaction().execute(async (trx) => {
      const row = await lockUserType(trx, userId);
      if (!row) throw new HttpError(404, API_TEXTS.notFound);
      if (row.user_type === to) return { changed: false };
      if (to === 'Tenant') {
        const live = await activeListingsSummary(trx, userId);
        if (live.active > 0) throw new HttpError(409, ACCOUNT_TYPE_TEXTS.liveListingsBlockTenant(live.active, live.lastExpiresAt?.toISOString() ?? null));
      }
      await setUserType(trx, userId, to);
      return { changed: true };
    });
  }

  app.get(
    '/plan-usage',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'What the caller’s plan allows and what is used of it now',
        description:
          '`listings`: the plan’s limit of unexpired listings (any status; null: unlimited), how many the caller has, and when the first and ' +
          'the last of them expire (null without any): posting (and renewing an expired listing) over the limit answers 403. ' +
          '`newConversations`: people the caller may start a conversation with this calendar month, London time (null: unlimited; a Free ' +
          'account without the unlimited-messages upgrade has 2), how many were started (the pair’s first message is the caller’s, sent ' +
          'this month), what is left, and the day the count starts again. Replies never count. `unlimitedMessages`: the Free plan’s ' +
          '£5 a month upgrade, set by the payment side, never through the API.',
        security: BEARER_AUTH,
        response: { 200: planUsageSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const account = await findPlan(db, id);
      if (!account) throw new HttpError(404, API_TEXTS.notFound);
      const [listings, newConversations] = await Promise.all([
        activeListingsSummary(db, id),
        newConversationUsage(db, id, account.plan, account.unlimited_messages),
      ]);
      return {
        plan: account.plan,
        unlimitedMessages: account.unlimited_messages,
        listings: {
          limit: planListingLimit(account.plan),
          active: listings.active,
          nextExpiresAt: listings.nextExpiresAt?.toISOString() ?? null,
          lastExpiresAt: listings.lastExpiresAt?.toISOString() ?? null,
        },
        newConversations,
      };
    },
  );

  app.get(
    '/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The caller’s profile',
        security: BEARER_AUTH,
        response: { 200: profileSchema, ...errors(401, 404) },
      },
    },
    async (request) => loadProfile(requireUser(request).id),
  );

  // The multipart form, in a context of its own so that only this route accepts multipart bodies.
  await app.register(async (context) => {
    await registerMultipart(context);
    context.withTypeProvider<ZodTypeProvider>().put(
      '/profile',
      {
        preHandler: app.authenticate,
        validatorCompiler: documentedBodyOnly,
        schema: {
          tags: ['users'],
          summary: 'Update the caller’s profile, list/unlist it, or switch between Tenant and Landlord',
          description:
            'Three bodies. **multipart/form-data**: the whole profile (Name required; any other field left out or blank is cleared; ' +
            'BudgetMin and BudgetMax whole pounds with BudgetMin not above BudgetMax; FlatmateMoveInDate a real YYYY-MM-DD date) ' +
            'and an optional `profileImage` (PNG, JPEG or GIF judged by content, else 415; over 5 MB 413; re-encoded as a 400×400 JPEG ' +
            'without any metadata; the previous picture’s file is deleted). **application/json** `{ IsActivelyLooking }`: lists (true) or ' +
            'unlists (false) the profile in flatmate search and changes nothing else. **application/json** `{ UserType }` ("Tenant" or ' +
            '"Landlord"): switches the account type and changes nothing else; a landlord with unexpired listings of any status cannot become ' +
            'a tenant (409 saying to delete them or let them expire). **application/json** `{ EmailOnMessage }`: the email settings (whether a ' +
            'message left unread is emailed), changing nothing else. Any other body answers 415. ' +
            'Each answers the saved profile; saving moves a listed profile to the top of flatmate search.',
          security: BEARER_AUTH,
          consumes: ['multipart/form-data', 'application/json'],
          body: profileUpdateDoc,
          response: { 200: profileSavedSchema, ...errors(400, 401, 404, 409, 413, 415) },
        },
      },
      async (request) => {
        const user = requireUser(request);

        if (!request.isMultipart()) {
          const type = request.headers['content-type'] ?? '';
          if (!/^application\/json\b/i.test(type)) throw new HttpError(415, API_TEXTS.unsupportedMediaType);
          if (isObject(request.body) && 'UserType' in request.body) {
            const { UserType } = parseBody(accountTypeSchema, request.body);
            const { changed } = await switchAccountType(user.id, UserType);
            return { message: changed ? ACCOUNT_TYPE_TEXTS.switched(UserType) : ACCOUNT_TYPE_TEXTS.unchanged(UserType), user: await loadProfile(user.id) };
          }
          if (isObject(request.body) && 'EmailOnMessage' in request.body) {
            const { EmailOnMessage } = parseBody(profileEmailSettingsSchema, request.body);
            if (!(await setEmailOnMessage(db, user.id, EmailOnMessage))) throw new HttpError(404, API_TEXTS.notFound);
            return { message: SAVED_TEXTS.emailSettingsSaved, user: await loadProfile(user.id) };
          }
          const { IsActivelyLooking } = parseBody(profileVisibilitySchema, request.body);
          const updated = await setProfileListed(db, user.id, IsActivelyLooking);
          if (!updated) throw new HttpError(404, API_TEXTS.notFound);
          return { message: IsActivelyLooking ? USER_TEXTS.listed : USER_TEXTS.unlisted, user: await loadProfile(user.id) };
        }

        const { fields, file } = await readMultipartForm(request, { fileField: PROFILE_PICTURE_FIELD });
        const input = parseBody(profileUpdateSchema, fields);
        const picture = file ? await storeProfilePicture(uploads, PROFILE_PICTURE_FOLDER, file.buffer) : null;
        let replaced: string | null = null;
        try {
          await db.transaction().execute(async (trx) => {
            // Locked, so a concurrent update cannot swap the picture between this read and the write.
            const current = await lockProfilePicture(trx, user.id);
            if (!current) throw new HttpError(404, API_TEXTS.notFound);
            await updateProfile(trx, user.id, input, picture);
            if (picture) replaced = current.profile_picture_url;
          });
        } catch (err) {
          await removeFiles(PROFILE_PICTURE_FOLDER, [picture]);
          throw err;
        }
        await removeFiles(PROFILE_PICTURE_FOLDER, [replaced]);
        return { message: USER_TEXTS.profileUpdated, user: await loadProfile(user.id) };
      },
    );
  });

  app.delete(
    '/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Delete the caller’s account',
        description:
          'Erases the account for good: the profile and its picture, every listing and its image files, every message sent or received, ' +
          'and pending password resets. The caller’s tokens stop working at once (401), and room search stops showing the listings ' +
          'as soon as the change commits.',
        security: BEARER_AUTH,
        response: { 200: messageResponseSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const deleted = await db.transaction().execute(async (trx) => {
        // The user's row first: posting a listing locks it too, so none can slip in before the delete.
        const row = await lockProfilePicture(trx, user.id);
        if (!row) return null;
        return { picture: row.profile_picture_url, listingImages: await deleteAccount(trx, user.id) };
      });
      if (!deleted) throw new HttpError(404, API_TEXTS.notFound);
      await Promise.all([removeFiles(PROFILE_PICTURE_FOLDER, [deleted.picture]), removeFiles(LISTING_IMAGE_FOLDER, listingPhotoFiles(deleted.listingImages))]);
      return { message: USER_TEXTS.accountDeleted };
    },
  );

  app.get(
    '/flatmate-search',
    {
      schema: {
        tags: ['users'],
        summary: 'Search flatmate profiles',
        description:
          'Public. Only listed profiles (IsActivelyLooking), 12 a page, most recently updated first (ties by UserID, newest first). ' +
          '`preferred_locations`: a comma list; a profile matches when any term appears, case-insensitively, in its PreferredLocations ' +
          '("hackney" matches "Hackney, Stratford" and "Hackney Wick"). `budget_min`/`budget_max`: the profile’s budget range overlaps ' +
          'the one asked for (a missing bound on the profile is open). `move_in_date`: the profile moves in on or before that day. ' +
          '`page` defaults to 1; a page past the last answers no profiles with the real totalPages. Unknown parameters (a cache-buster) are ignored.',
        querystring: flatmateSearchSchema,
        response: { 200: flatmateSearchPageSchema, ...errors(400) },
      },
    },
    async (request) => searchFlatmates(db, request.query),
  );
};

export default usersRoutes;
