import { useState } from 'react';
import { TEXTS } from '../texts.ts';
import { loginSchema } from '../schemas/auth.ts';
import { errorMessage } from '../client/base-query.ts';
import { loggedIn, loggedOut, selectCurrentUser } from '../client/contract.ts';
import { useHostDispatch, useHostSelector } from '../client/hooks.ts';
import { notify } from '../client/notify.ts';
import { Button } from '../ui/components.tsx';
import { Field, useZodForm } from '../ui/form.tsx';
import { useLoginMutation } from './standalone-api.ts';
import s from './standalone.module.css';

/** Who is signed in, with sign-in and sign-out for trying guarded pages alone. */
export function SessionControl() {
  const user = useHostSelector(selectCurrentUser);
  const dispatch = useHostDispatch();
  const [open, setOpen] = useState(false);

  if (user) {
    return (
      <div className={s.session}>
        <span>
          Signed in as <strong>{user.name}</strong> ({user.userType}, {user.plan})
        </span>
        <Button variant="ghost" size="sm" onClick={() => dispatch(loggedOut())}>
          Sign out
        </Button>
      </div>
    );
  }
  return (
    <div className={s.session}>
      <span>Not signed in</span>
      <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Sign in
      </Button>
      {open ? <SignInForm onDone={() => setOpen(false)} /> : null}
    </div>
  );
}

/** The standalone frame's sign-in form: in the header's popover and on its stand-in /login page. */
export function SignInForm({ onDone, inline = false }: { onDone: () => void; inline?: boolean }) {
  const dispatch = useHostDispatch();
  const [login, { isLoading }] = useLoginMutation();
  const form = useZodForm(loginSchema, { defaultValues: { Email: '', Password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = await login(values);
    if ('error' in result && result.error) {
      notify.error(errorMessage(result.error, TEXTS.loginFailed));
      return;
    }
    if (result.data) {
      dispatch(loggedIn({ token: result.data.token, user: result.data.user }));
      notify.success(TEXTS.loginGreeting(result.data.user.name));
      onDone();
    }
  });

  return (
    <form className={inline ? s.signInPage : s.signIn} onSubmit={submit} noValidate aria-label="Sign in">
      <Field label="Email" error={errors.Email?.message}>
        {(ids) => <input {...ids} type="email" autoComplete="email" {...form.register('Email')} />}
      </Field>
      <Field label="Password" error={errors.Password?.message}>
        {(ids) => <input {...ids} type="password" autoComplete="current-password" {...form.register('Password')} />}
      </Field>
      <Button type="submit" block disabled={isLoading}>
        {isLoading ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
