/**
 * /forgot-password: asks for a reset link. The answer is the same
 * whatever the email, so the page never tells whether an account exists.
 */
import { PASSWORD_RESET_TEXTS, passwordResetRequestSchema } from '@roomnest/shared';
import { errorMessage } from '@roomnest/shared/client';
import { Alert, Button, Card, Field, Page, PageHeader, usePageFocus, useSubmitFailure, useZodForm } from '@roomnest/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useRequestPasswordResetMutation } from '../../api/shell-api.ts';
import s from './auth.module.css';

export const FORGOT_PASSWORD_FAILED = 'Could not send the reset link right now. Please try again.';

export function ForgotPasswordPage() {
  const headingRef = usePageFocus();
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { Email: '' } });
  const { errors } = form.formState;
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [failure, setFailure] = useSubmitFailure(form);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await requestReset(values).unwrap();
      setSent(message || PASSWORD_RESET_TEXTS.requested);
    } catch (error) {
      setFailure(errorMessage(error, FORGOT_PASSWORD_FAILED));
    }
  });

  return (
    <Page title="Forgot password" className={s.page}>
      <Card className={s.card}>
        <PageHeader headingRef={headingRef} title="Forgot your password?" subtitle="Enter the email you registered with and we will send you a link to choose a new one." />
        {sent ? (
          <Alert tone="success">{sent}</Alert>
        ) : (
          <>
            {failure ? <Alert>{failure}</Alert> : null}
            <form onSubmit={onSubmit} noValidate aria-label="Reset password">
              <Field label="Email" error={errors.Email?.message}>
                {(ids) => <input {...ids} type="email" autoComplete="email" inputMode="email" {...form.register('Email')} />}
              </Field>
              <Button type="submit" block disabled={isLoading} aria-busy={isLoading}>
                {isLoading ? 'Sending…' : 'Send reset link'}
              </Button>
            </form>
          </>
        )}
        <p className={s.switch}>
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      </Card>
    </Page>
  );
}
