/**
 * The standalone frame's own sign-in call. A remote's dev server runs on its
 * own origin (localhost:510x), whose storage the full app's session never
 * reaches, so the frame offers a compact sign-in against the proxied API.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import type { LoginResponse } from '../domain.ts';
import type { LoginInput } from '../schemas/auth.ts';
import { createBaseQuery } from '../client/base-query.ts';

export const standaloneAuthApi = createApi({
  reducerPath: 'standaloneAuthApi',
  baseQuery: createBaseQuery(),
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginInput>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation } = standaloneAuthApi;
