import { ROUTES, TEXTS, type User } from '@roomnest/shared';
import { errorMessage, selectCurrentUser, useHostSelector } from '@roomnest/shared/client';
import { Alert, Button, LoadingState, Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/profile-api.ts';
import { ProfileEditor } from './ProfileEditor.tsx';

/** The page's name follows the nav label (docs/product.md, Screens): 'List My Profile' for tenants, 'My Profile' otherwise. */
export function profilePageTitle(user: Pick<User, 'userType'> | null): string {
  return user?.userType === 'Tenant' ? 'List My Profile' : 'My Profile';
}

const SUBTITLE = 'Tell other members about yourself, your budget and where you want to live, and choose whether your profile appears in flatmate search.';

/** /my-flatmate-profile (signed in; the shell guards it): the member's own profile and flatmate preferences. */
export default function MyProfilePage() {
  const user = useHostSelector(selectCurrentUser);
  const userId = user?.userId ?? 0;
  const { data: profile, error, isError, isFetching, refetch } = useGetProfileQuery(userId, {
    skip: userId < 1,
    // Always check on arrival: the profile may have been changed from another tab or device.
    refetchOnMountOrArgChange: true,
  });
  const title = profilePageTitle(user);
  const headingRef = usePageFocus<HTMLHeadingElement>(Boolean(profile));

  let body;
  if (!user) {
    body = (
      <Alert tone="info">
        Please <Link to={ROUTES.login}>log in</Link> to edit your profile.
      </Alert>
    );
  } else if (profile && profile.UserID === userId) {
    body = <ProfileEditor key={profile.UserID} profile={profile} />;
  } else if (isError) {
    body = (
      <Alert>
        <p>{errorMessage(error, TEXTS.profileLoadFailed)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    body = <LoadingState label="Loading your profile…" />;
  }

  return (
    <Page title={title}>
      <PageHeader headingRef={headingRef} title={title} subtitle={SUBTITLE} />
      {body}
    </Page>
  );
}
