import { ROUTES, TEXTS } from '@roomnest/shared';
import { notify, selectCurrentUser, useHostSelector } from '@roomnest/shared/client';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * 'List Your Room' and 'Post Your Ad FREE' (docs/product.md, Screens: Home): a visitor
 * is sent to log in, a tenant is told only landlords can list, a landlord
 * goes to the post-an-ad form.
 */
export function useListRoom(): () => void {
  const user = useHostSelector(selectCurrentUser);
  const navigate = useNavigate();
  return useCallback(() => {
    if (!user) {
      notify.error(TEXTS.loginToListRoom, { toastId: 'home-list-room' });
      navigate(ROUTES.login);
      return;
    }
    if (user.userType !== 'Landlord') {
      notify.error(TEXTS.onlyLandlordsCanList, { toastId: 'home-list-room' });
      return;
    }
    navigate(ROUTES.postAd);
  }, [user, navigate]);
}
