import { ROUTES } from '@roomnest/shared';
import { Page, PageHeader } from '@roomnest/shared/ui';
import { Link, useParams } from 'react-router-dom';

/** /rooms/:id/edit (the listing's landlord): change an existing advert. */
export default function EditListingPage() {
  const { id = '' } = useParams();
  return (
    <Page title="Edit listing">
      <p>
        <Link to={ROUTES.room(id)}>← Back to the advert</Link>
      </p>
      <PageHeader
        title="Edit listing"
        subtitle={`Change the details, photo or status of listing ${id}: Available, Pending or Unavailable.`}
      />
    </Page>
  );
}
