import type { LoginInput, LoginResponse, PasswordResetConfirmInput, PasswordResetRequestInput, RegisterInput, RegisterResponse } from '@roomnest/shared';
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
    /** POST /api/auth/password-reset -> 202 { message }, the same whatever the email. */
    requestPasswordReset: b.mutation<{ message: string }, PasswordResetRequestInput>({
      query: (body) => ({ url: '/auth/password-reset', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    /** POST /api/auth/password-reset/confirm -> 200 { message }; 400 for a dead link. */
    confirmPasswordReset: b.mutation<{ message: string }, PasswordResetConfirmInput>({
      query: (body) => ({ url: '/auth/password-reset/confirm', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useRequestPasswordResetMutation, useConfirmPasswordResetMutation } = authApi;
