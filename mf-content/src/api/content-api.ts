/**
 * mf-content's RTK Query api (reducerPath 'mfContentApi'): the newsletter
 * subscription. Pages that show the subscribe form get it through
 * `withApis([contentApi], Page)`.
 */
import { NEWSLETTER_SUBSCRIPTIONS_PATH, type NewsletterSubscribe, type NewsletterSubscribeResponse } from '@roomnest/shared';
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
  }),
});

export const { useSubscribeMutation } = contentApi;
