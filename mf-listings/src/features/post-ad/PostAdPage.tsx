import { Page, PageHeader } from '@roomnest/shared/ui';

/** /post-ad (landlords): advertise a new room. */
export default function PostAdPage() {
  return (
    <Page title="List your room">
      <PageHeader
        title="List your room"
        subtitle="Advertise a room to tenants: give its address, rent, deposit, move-in date, amenities and house rules, and add a photo."
      />
    </Page>
  );
}
