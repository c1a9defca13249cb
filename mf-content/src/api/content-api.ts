/**
 * mf-content's endpoints in the page's one api (see @roomnest/shared/client
 * api.ts): the newsletter sign-up, the confirm and unsubscribe calls of the
 * email's links, the one-click stop of a notification email's page, and the shared plan usage call (pricing).
 */
import {
  NEWSLETTER_CONFIRMATIONS_PATH,
  NEWSLETTER_SUBSCRIPTIONS_PATH,
  NEWSLETTER_UNSUBSCRIPTIONS_PATH,
  NOTIFICATIONS_UNSUBSCRIBE_PATH,
  type NewsletterSubscribe,
  type NewsletterSubscribeResponse,
  type NewsletterTokenInput,
} from '@roomnest/shared';
import { injectHostEndpoints, planUsageEndpoints } from '@roomnest/shared/client';

export const contentApi = injectHostEndpoints((build) => ({
  /** POST /api/newsletter/subscriptions: 202 with the same message for every valid email (a confirmation link is emailed), 400 invalid email, 429. */
  subscribe: build.mutation<NewsletterSubscribeResponse, NewsletterSubscribe>({
    query: (body) => ({ url: NEWSLETTER_SUBSCRIPTIONS_PATH, method: 'POST', body }),
  }),
  /** POST /api/newsletter/confirmations: 200 confirmed (or already confirmed), 400 unknown or expired link. */
  confirmSubscription: build.mutation<NewsletterSubscribeResponse, NewsletterTokenInput>({
    query: (body) => ({ url: NEWSLETTER_CONFIRMATIONS_PATH, method: 'POST', body }),
  }),
  /** POST /api/newsletter/unsubscriptions: 200 unsubscribed, 400 unknown or used link. */
  unsubscribe: build.mutation<NewsletterSubscribeResponse, NewsletterTokenInput>({
    query: (body) => ({ url: NEWSLETTER_UNSUBSCRIPTIONS_PATH, method: 'POST', body }),
  }),
  /** POST /api/notifications/unsubscribe?token=…: 200 `{ message }` naming what was turned off (or that it no longer exists), 400 a bad link. No login. */
  stopNotificationEmails: build.mutation<{ message: string }, string>({
    query: (token) => ({ url: NOTIFICATIONS_UNSUBSCRIBE_PATH, params: { token }, method: 'POST' }),
  }),
  /** GET /api/users/plan-usage: the signed-in member's plan, its limits and what is used of them. */
  ...planUsageEndpoints(build),
}));

export const { useSubscribeMutation, useConfirmSubscriptionMutation, useUnsubscribeMutation, useStopNotificationEmailsMutation, useGetPlanUsageQuery } = contentApi;
