/**
 * /login. A logged-in user may still open it (to sign in as someone else):
 * login is an anonymous call, so a wrong password there never ends the
 * current session (see ShellExtraOptions.anonymous).
 */
import { loginSchema, TEXTS, TOAST } from '@roomnest/shared';
import { errorMessage, loggedIn, notify, useHostDispatch } from '@roomnest/shared/client';
import { Alert, Button, Card, Field, Page, PageHeader, usePageFocus, useSubmitFailure, useZodForm } from '@roomnest/shared/ui';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../../api/shell-api.ts';
import { afterLoginTarget, returnPathOf, returnState, takeSignupReturn } from './return-path.ts';
import s from './auth.module.css';

export function LoginPage() {
  const headingRef = usePageFocus();
  const form = useZodForm(loginSchema, { defaultValues: { Email: '', Password: '' } });
  const { errors } = form.formState;
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useSubmitFailure(form);
  const dispatch = useHostDispatch();
  const navigate = useNavigate();
  const location = useLocation();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { token, user } = await login(values).unwrap();
      dispatch(loggedIn({ token, user }));
      notify.success(TEXTS.loginGreeting(user?.name), { autoClose: TOAST.loginGreetingMs });
      void navigate(afterLoginTarget(location.state, takeSignupReturn()), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, TEXTS.loginFailed));
    }
  });

  return (
    <Page title="Log in" className={s.page}>
      <Card className={s.card}>
        <PageHeader headingRef={headingRef} title="Welcome back" subtitle="Log in to message advertisers and manage your ads." />
        {failure ? <Alert>{failure}</Alert> : null}
        <form onSubmit={onSubmit} noValidate aria-label="Log in">
          <Field label="Email" error={errors.Email?.message}>
            {(ids) => <input {...ids} type="email" autoComplete="email" inputMode="email" {...form.register('Email')} />}
          </Field>
          <Field label="Password" error={errors.Password?.message}>
            {(ids) => <input {...ids} type="password" autoComplete="current-password" {...form.register('Password')} />}
          </Field>
          <p className={s.forgot}>
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
          <Button type="submit" block disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? 'Logging in…' : 'Log in'}
          </Button>
        </form>
        <p className={s.switch}>
          New to RoomNest? <Link to="/register" state={returnState(returnPathOf(location.state))}>
            Create an account
          </Link>
        </p>
      </Card>
    </Page>
  );
}
