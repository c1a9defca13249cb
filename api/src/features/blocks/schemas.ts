/** The OpenAPI shapes of /api/blocks (the objects are BlockedUser in shared/src/trust.ts). */
import { wholeNumber } from '@roomnest/shared';
import { z } from 'zod';

export const blockedUserSchema = z.object({ UserID: z.number().int(), Name: z.string() }).meta({ id: 'BlockedUser' });

export const blockedUsersSchema = z
  .object({ users: z.array(blockedUserSchema).describe('The people the caller has blocked, most recently blocked first.') })
  .meta({ id: 'BlockedUsers' });

export const userIdParams = z.object({ userId: wholeNumber('userId', 1, 2_147_483_647).describe('The UserID of the person to block or unblock.') });
