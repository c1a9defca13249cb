import { Page, PageHeader } from '@roomnest/shared/ui';

/** /flatmates: flatmate-seeker profiles. */
export default function FlatmatesPage() {
  return (
    <Page title="Find a flatmate">
      <PageHeader
        title="Find a flatmate"
        subtitle="Browse people looking for a room or someone to share with, filtered by preferred area, budget and move-in date."
      />
    </Page>
  );
}
