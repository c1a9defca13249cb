import type { LoginInput, LoginResponse, RegisterInput, RegisterResponse } from '@roomnest/shared';
import { shellApi } from '../../app/shell-api.ts';

export const authApi = shellApi.injectEndpoints({
  endpoints: (b) => ({
    /** POST /api/auth/login -> { token, message, user } */
    login: b.mutation<LoginResponse, LoginInput>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    /** POST /api/auth/register -> 201 { message, userId }; it does not log the user in. */
    register: b.mutation<RegisterResponse, RegisterInput>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation } = authApi;
