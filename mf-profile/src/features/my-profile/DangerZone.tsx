import { ROUTES, TEXTS } from '@roomnest/shared';
import { errorMessage, loggedOut, notify, useHostDispatch } from '@roomnest/shared/client';
import { Button, ConfirmDialog } from '@roomnest/shared/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDeleteAccountMutation } from '../../api/profile-api.ts';
import s from './my-profile.module.css';

export const ACCOUNT_DELETED = 'Your account has been deleted.';

/** Account deletion (docs/product.md, Session and Screens): confirm first, then delete, log out and go home. */
export function DangerZone() {
  const [confirming, setConfirming] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const dispatch = useHostDispatch();
  const navigate = useNavigate();

  const remove = async () => {
    const result = await deleteAccount();
    if ('error' in result) {
      setConfirming(false);
      notify.error(errorMessage(result.error, TEXTS.deleteAccountFailed));
      return;
    }
    // Leave first, committed at once (flushSync), so that this page and the shell's login guard
    // around it are gone before the session ends; logged out on a guarded page, the guard would
    // send the user to /login instead of home.
    await navigate(ROUTES.home, { replace: true, flushSync: true });
    dispatch(loggedOut());
    notify.success(result.data?.message || ACCOUNT_DELETED);
  };

  return (
    <section className={s.danger} aria-labelledby="danger-title">
      <h2 id="danger-title" className={s.dangerTitle}>
        Delete account
      </h2>
      <p className={s.dangerText}>
        Deleting your account erases your profile and picture, your room listings and your messages, and logs you out. It cannot be undone.
      </p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete my account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        confirmLabel="Delete my account"
        busy={isLoading}
        busyLabel="Deleting…"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>Your profile, picture, listings and messages will be erased for good and you will be logged out. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
