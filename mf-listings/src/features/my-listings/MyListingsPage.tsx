import { ROUTES } from '@roomnest/shared';
import { ButtonLink, Page, PageHeader } from '@roomnest/shared/ui';

/** /my-listings (landlords): every advert of the signed-in landlord. */
export default function MyListingsPage() {
  return (
    <Page title="Manage my ads">
      <PageHeader
        title="Manage my ads"
        subtitle="Every room you advertise, newest first: set each one to Available, Pending or Unavailable, edit it or remove it."
      />
      <ButtonLink to={ROUTES.postAd} variant="accent">
        List another room
      </ButtonLink>
    </Page>
  );
}
