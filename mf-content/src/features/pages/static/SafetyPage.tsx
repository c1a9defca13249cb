import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';

export default function SafetyPage() {
  return (
    <ProsePage title="Safety" heading="Staying safe while you rent" lead="Most people on RoomNest are exactly who they say they are. These habits protect you from the few who are not.">
      <p>
        <strong>Never pay before you have viewed.</strong> Do not send a deposit, holding fee or rent to secure a room you have not
        seen in person or on a live video call, and be wary of anyone who says they are abroad and will post you the keys. In England
        a holding deposit is capped at one week's rent.
      </p>
      <p>
        <strong>Check the deposit is protected.</strong> For a tenancy in England or Wales your deposit must be placed in a
        government-approved scheme within 30 days, and you should receive the scheme's details. If you are told it is not needed, ask
        why.
      </p>
      <p>
        <strong>Keep conversations on RoomNest.</strong> Messages sent through the site help us investigate if something goes wrong.
        Meet in daylight for viewings, tell a friend where you are going, and trust your instincts.
      </p>
      <p>
        If an advert or message looks suspicious, <Link to={ROUTES.contactUs}>report it to us</Link>. If you have lost money, contact
        your bank straight away and report it to Action Fraud.
      </p>
    </ProsePage>
  );
}
