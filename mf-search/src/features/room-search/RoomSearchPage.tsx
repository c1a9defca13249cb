import { Page, PageHeader } from '@roomnest/shared/ui';

/** /rooms and /find-a-room: the room search (filters, sort and results come with the search issue). */
export default function RoomSearchPage() {
  return (
    <Page title="Find a room">
      <PageHeader
        title="Find a room"
        subtitle="Search rooms to rent across the UK by area, monthly rent, room type and move-in date, then open any room for the full details."
      />
    </Page>
  );
}
