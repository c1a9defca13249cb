import { z } from './zod.ts';
import { MESSAGE_MAX_LENGTH } from '../constants.ts';
import { optional, wholeNumber } from './fields.ts';

/** POST /api/messages */
export const sendMessageSchema = z.object({
  ReceiverID: wholeNumber('ReceiverID', 1, 2_147_483_647),
  MessageContent: z
    .string({ error: 'Message cannot be empty.' })
    .trim()
    .min(1, 'Message cannot be empty.')
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters.`),
  /** The room the message is about (an enquiry from its page): one of the receiver's listings. Null or absent: none. */
  ListingID: optional(wholeNumber('ListingID', 1, 2_147_483_647)).nullable(),
});

