/**
 * mf-content's RTK Query api (reducerPath 'mfContentApi'): the newsletter
 * subscription, and the member's plan usage (pricing). Pages that use them
 * get it through `withApis([contentApi], Page)`.
 */
import { NEWSLETTER_SUBSCRIPTIONS_PATH, PLAN_USAGE_PATH, type NewsletterSubscribe, type NewsletterSubscribeResponse, type PlanUsage } from '@roomnest/shared';
import { createBaseQuery } from '@roomnest/shared/client';
import { createApi } from '@reduxjs/toolkit/query/react';

export const contentApi = createApi({
  reducerPath: 'mfContentApi',
  baseQuery: createBaseQuery(),
  endpoints: (build) => ({
    /** POST /api/newsletter/subscriptions: 201 new, 200 already subscribed, 400 invalid email. */
    subscribe: build.mutation<NewsletterSubscribeResponse, NewsletterSubscribe>({
      query: (body) => ({ url: NEWSLETTER_SUBSCRIPTIONS_PATH, method: 'POST', body }),
    }),
    /** GET /api/users/plan-usage: the signed-in member's plan, its limits and what is used of them. */
    getPlanUsage: build.query<PlanUsage, void>({
      query: () => PLAN_USAGE_PATH,
    }),
  }),
});

export const { useSubscribeMutation, useGetPlanUsageQuery } = contentApi;
