import { LISTING_ACTIVE_DAYS, ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';

export default function FaqPage() {
  return (
    <ProsePage title="FAQ" heading="Frequently asked questions" lead="Quick answers for tenants, flatmates and landlords.">
      <h2>Is RoomNest free to use?</h2>
      <p>
        Searching rooms and browsing flatmate profiles is free. Landlords can list one room free forever on the Basic plan and upgrade
        for more rooms; see <Link to={ROUTES.pricing}>pricing</Link>.
      </p>
      <h2>How long does my listing stay active?</h2>
      <p>
        Standard listings stay active for {LISTING_ACTIVE_DAYS} days. You can change a listing's status to Available, Pending or
        Unavailable at any time from <Link to={ROUTES.myListings}>Manage my ads</Link>.
      </p>
      <h2>How do I contact a landlord or flatmate?</h2>
      <p>
        Log in and use the Contact Landlord or Message button on their advert or profile. Your conversations are kept together under
        Messages, with a count of anything unread.
      </p>
      <h2>How do I stop my flatmate profile appearing in searches?</h2>
      <p>
        Open <Link to={ROUTES.myFlatmateProfile}>your profile</Link> and switch it to unlisted. You can list it again whenever you
        start looking.
      </p>
    </ProsePage>
  );
}
