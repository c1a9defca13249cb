/**
 * mf-content's RTK Query api (reducerPath 'mfContentApi'): the newsletter
 * sign-up, the confirm and unsubscribe calls of the email's links, and the
 * member's plan usage (pricing). Pages that use them get it through
 * `withApis([contentApi], Page)`.
 */
import {
  NEWSLETTER_CONFIRMATIONS_PATH,
  NEWSLETTER_SUBSCRIPTIONS_PATH,
  NEWSLETTER_UNSUBSCRIPTIONS_PATH,
  PLAN_USAGE_PATH,
  type NewsletterSubscribe,
  type NewsletterSubscribeResponse,
  type NewsletterTokenInput,
  type PlanUsage,
} from '@roomnest/shared';
import { createBaseQuery } from '@roomnest/shared/client';
import { createApi } from '@reduxjs/toolkit/query/react';

export const contentApi = createApi({
  reducerPath: 'mfContentApi',
  baseQuery: createBaseQuery(),
  endpoints: (build) => ({
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
    /** GET /api/users/plan-usage: the signed-in member's plan, its limits and what is used of them. */
    getPlanUsage: build.query<PlanUsage, void>({
      query: () => PLAN_USAGE_PATH,
    }),
  }),
});

export const { useSubscribeMutation, useConfirmSubscriptionMutation, useUnsubscribeMutation, useGetPlanUsageQuery } = contentApi;
