/**
 * /reset-password?token=…: the page the emailed link opens. The new
 * password follows the rules of registration; on success a toast, then /login.
 * A dead link (unknown, expired, used) shows the server's message and a way to
 * ask for a new one.
 */
import { PASSWORD_RESET_TEXTS, passwordResetFormSchema } from '@roomnest/shared';
import { errorMessage, notify, serverFieldErrors } from '@roomnest/shared/client';
import { Alert, applyServerErrors, Button, Card, Field, Page, PageHeader, usePageFocus, useSubmitFailure, useZodForm } from '@roomnest/shared/ui';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useConfirmPasswordResetMutation } from '../../api/shell-api.ts';
import s from './auth.module.css';

export const RESET_PASSWORD_FAILED = 'Could not reset your password right now. Please try again.';

export function ResetPasswordPage() {
  const headingRef = usePageFocus();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const form = useZodForm(passwordResetFormSchema, { defaultValues: { Password: '', ConfirmPassword: '' } });
  const { errors } = form.formState;
  const [confirmReset, { isLoading }] = useConfirmPasswordResetMutation();
  const [failure, setFailure] = useSubmitFailure(form);
  const navigate = useNavigate();

  const onSubmit = form.handleSubmit(async ({ Password }) => {
    try {
      const { message } = await confirmReset({ Token: token, Password }).unwrap();
      notify.success(message || PASSWORD_RESET_TEXTS.done);
      void navigate('/login', { replace: true });
    } catch (error) {
      applyServerErrors(form, serverFieldErrors(error));
      setFailure(errorMessage(error, RESET_PASSWORD_FAILED));
    }
  });

  return (
    <Page title="Choose a new password" className={s.page}>
      <Card className={s.card}>
        <PageHeader headingRef={headingRef} title="Choose a new password" subtitle="Setting a new password signs you out on every other device." />
        {!token ? (
          <Alert>{PASSWORD_RESET_TEXTS.tokenRequired}</Alert>
        ) : (
          <>
            {failure ? <Alert>{failure}</Alert> : null}
            <form onSubmit={onSubmit} noValidate aria-label="Set a new password">
              <Field label="New password" error={errors.Password?.message} hint="At least 6 characters.">
                {(ids) => <input {...ids} type="password" autoComplete="new-password" {...form.register('Password')} />}
              </Field>
              <Field label="Confirm new password" error={errors.ConfirmPassword?.message}>
                {(ids) => <input {...ids} type="password" autoComplete="new-password" {...form.register('ConfirmPassword')} />}
              </Field>
              <Button type="submit" block disabled={isLoading} aria-busy={isLoading}>
                {isLoading ? 'Saving…' : 'Set new password'}
              </Button>
            </form>
          </>
        )}
        <p className={s.switch}>
          Link not working? <Link to="/forgot-password">Ask for a new one</Link>
        </p>
      </Card>
    </Page>
  );
}
