import { Page, PageHeader } from '@roomnest/shared/ui';

/** /my-flatmate-profile (signed in): the member's own profile and flatmate preferences. */
export default function MyProfilePage() {
  return (
    <Page title="My flatmate profile">
      <PageHeader
        title="My flatmate profile"
        subtitle="Tell other members about yourself, your budget and where you want to live, and choose whether your profile appears in flatmate searches."
      />
    </Page>
  );
}
