import { ROUTES } from '@roomnest/shared';
import { Page, PageHeader } from '@roomnest/shared/ui';
import { Link, useParams } from 'react-router-dom';

/** /messages/chat/:otherUserId (signed in): one message thread. */
export default function ChatPage() {
  const { otherUserId } = useParams();
  return (
    <Page title="Chat">
      <p>
        <Link to={ROUTES.messages}>← All conversations</Link>
      </p>
      <PageHeader title="Chat" subtitle="Read your message thread with this member and send a reply." />
      <p data-partner-id={otherUserId}>Member reference: {otherUserId}</p>
    </Page>
  );
}
