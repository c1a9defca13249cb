import { Page, PageHeader } from '@roomnest/shared/ui';

/** /messages (signed in): the conversation list. */
export default function ConversationsPage() {
  return (
    <Page title="Messages">
      <PageHeader
        title="Messages"
        subtitle="Your conversations with landlords and flatmates, newest first, with a count of the messages you have not read yet."
      />
    </Page>
  );
}
