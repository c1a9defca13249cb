import { ROUTES } from '@roomnest/shared';
import { Page, PageHeader } from '@roomnest/shared/ui';
import { Link, useParams } from 'react-router-dom';

/** /rooms/:id: one room's full advert. */
export default function RoomDetailPage() {
  const { id } = useParams();
  return (
    <Page title="Room details">
      <p>
        <Link to={ROUTES.rooms}>← Back to search results</Link>
      </p>
      <PageHeader
        title="Room details"
        subtitle="Rent, deposit, availability, amenities and house rules for this room, with a button to contact the landlord."
      />
      <p data-room-id={id}>Room reference: {id}</p>
    </Page>
  );
}
