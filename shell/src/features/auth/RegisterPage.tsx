/**
 * /register. Registration does not log the user in (docs/product.md, Session): it goes
 * to /pricing with the signup flag. Open to logged-in users too, like /login.
 */
import { registerFormSchema, TEXTS, USER_TYPES } from '@roomnest/shared';
import { errorStatus, notify, serverFieldErrors, serverMessage } from '@roomnest/shared/client';
import { Alert, applyServerErrors, Button, Card, Field, Page, PageHeader, RadioChoices, usePageFocus, useSubmitFailure, useZodForm } from '@roomnest/shared/ui';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useRegisterMutation } from '../../api/shell-api.ts';
import { rememberSignupReturn, returnPathOf, returnState } from './return-path.ts';
import s from './auth.module.css';

const ACCOUNT_TYPE_HINTS = {
  Tenant: 'Find a room and flatmates',
  Landlord: 'Advertise rooms to let',
} as const;

/** docs/product.md, Errors: the server's message, else 'Server Error: {status}', else the generic text. */
export function registerFailureText(error: unknown): string {
  const status = errorStatus(error);
  return serverMessage(error) ?? (status ? TEXTS.serverError(status) : TEXTS.signupFailed);
}

export function RegisterPage() {
  const headingRef = usePageFocus();
  const form = useZodForm(registerFormSchema, {
    defaultValues: { Name: '', Email: '', Password: '', ConfirmPassword: '', UserType: 'Tenant' },
  });
  const { errors } = form.formState;
  const [registerUser, { isLoading }] = useRegisterMutation();
  const [failure, setFailure] = useSubmitFailure(form);
  const navigate = useNavigate();
  // The page a visitor was on when sent to sign up (a room whose landlord they want to contact): after
  // registering and logging in they go back there, as they do by the Log in link below.
  const returnTo = returnPathOf(useLocation().state);

  const onSubmit = form.handleSubmit(async ({ Name, Email, Password, UserType }) => {
    try {
      await registerUser({ Name, Email, Password, UserType }).unwrap();
      notify.success(TEXTS.signupSucceeded);
      rememberSignupReturn(returnTo);
      void navigate('/pricing?signup=true');
    } catch (error) {
      // A conflict is the email already registered (API contract): said at the Email field, it goes once the email changes.
      if (errorStatus(error) === 409) applyServerErrors(form, { Email: registerFailureText(error) });
      else {
        applyServerErrors(form, serverFieldErrors(error));
        setFailure(registerFailureText(error));
      }
    }
  });


  return (
    <Page title="Register" className={s.page}>
      <Card className={s.card}>
        <PageHeader headingRef={headingRef} title="Create your account" subtitle="Free to join. Search rooms, find flatmates or advertise a room." />
        {failure ? <Alert>{failure}</Alert> : null}
        <form onSubmit={onSubmit} noValidate aria-label="Register">
          <Field label="Full name" error={errors.Name?.message}>
            {(ids) => <input {...ids} type="text" autoComplete="name" {...form.register('Name')} />}
          </Field>
          <Field label="Email" error={errors.Email?.message}>
            {(ids) => <input {...ids} type="email" autoComplete="email" inputMode="email" {...form.register('Email')} />}
          </Field>
          <Field label="Password" error={errors.Password?.message} hint="At least 6 characters.">
            {(ids) => <input {...ids} type="password" autoComplete="new-password" {...form.register('Password')} />}
          </Field>
          <Field label="Confirm password" error={errors.ConfirmPassword?.message}>
            {(ids) => <input {...ids} type="password" autoComplete="new-password" {...form.register('ConfirmPassword')} />}
          </Field>
          <RadioChoices
            legend="Account type"
            inline
            choices={USER_TYPES.map((type) => ({ value: type, label: type, hint: ACCOUNT_TYPE_HINTS[type] }))}
            inputProps={form.register('UserType')}
            error={errors.UserType?.message}
          />
          <Button type="submit" block disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? 'Creating account…' : 'Register'}
          </Button>
        </form>
        <p className={s.switch}>
          Already have an account? <Link to="/login" state={returnState(returnTo)}>
            Log in
          </Link>
        </p>
      </Card>
    </Page>
  );
}
