import { ACCOUNT_TYPE_TEXTS, ROUTES, type Profile } from '@roomnest/shared';
import { currentUserUpdated, errorMessage, notify, useHostDispatch } from '@roomnest/shared/client';
import { Badge, Button } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { useGetPlanUsageQuery, useSwitchAccountTypeMutation } from '../../api/profile-api.ts';
import s from './my-profile.module.css';

/** Said when switching fails without a message from the server. */
export const SWITCH_FAILED = 'Failed to change your account type.';

/**
 * Tenant or Landlord, and the switch between them. The saved user goes into the shell's session at once
 * (`currentUserUpdated`), so the nav and the guarded pages follow without a new login. A landlord with live
 * listings is told before trying why they cannot become a tenant yet, and what to do.
 */
export function AccountTypeCard({ profile }: { profile: Profile }) {
  const landlord = profile.UserType === 'Landlord';
  const [switchType, { isLoading }] = useSwitchAccountTypeMutation();
  const usage = useGetPlanUsageQuery(undefined, { skip: !landlord, refetchOnMountOrArgChange: true });
  const dispatch = useHostDispatch();
  const live = landlord ? (usage.data?.listings.active ?? 0) : 0;
  const blocked = live > 0;
  // A landlord's switch waits for the count of live listings, so it is never offered before it is known.
  const checking = landlord && usage.isLoading;

  const change = async () => {
    const result = await switchType(landlord ? 'Tenant' : 'Landlord');
    if ('error' in result) {
      notify.error(errorMessage(result.error, SWITCH_FAILED));
      return;
    }
    const saved = result.data.user;
    dispatch(currentUserUpdated({ userType: saved.UserType }));
    notify.success(result.data.message || ACCOUNT_TYPE_TEXTS.switched(saved.UserType));
  };

  let action = landlord ? 'Switch to a tenant account' : 'Switch to a landlord account';
  if (isLoading) action = 'Switching…';

  return (
    <section className={s.visibility} aria-labelledby="account-type-title">
      <div className={s.visibilityHead}>
        <h2 id="account-type-title" className={s.sideTitle}>
          Account type
        </h2>
        <Badge tone="primary">{profile.UserType}</Badge>
      </div>
      <p id="account-type-state" className={s.sideHint}>
        {!landlord ? (
          <>Tenants search rooms, message landlords and list a flatmate profile. Have a room to let? Switch to a landlord account to post it.</>
        ) : blocked ? (
          <>
            {ACCOUNT_TYPE_TEXTS.liveListingsBlockTenant(live, usage.data?.listings.lastExpiresAt ?? null)}{' '}
            <Link to={ROUTES.myListings}>Manage My Ads</Link>
          </>
        ) : (
          <>Landlords post rooms and manage them in Manage My Ads. Looking for a room yourself? Switch to a tenant account.</>
        )}
      </p>
      <Button variant="secondary" block onClick={() => void change()} disabled={isLoading || blocked || checking} aria-busy={isLoading || checking} aria-describedby="account-type-state">
        {action}
      </Button>
    </section>
  );
}
