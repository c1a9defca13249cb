import { MINIMUM_AGE, ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';

export default function PrivacyPage() {
  return (
    <ProsePage title="Privacy policy" lead="What we collect, why we collect it and the choices you have.">
      <p>
        We collect the information you give us, such as your name, email address, profile, adverts and messages, and basic technical
        data about how you use the site. We use it to run your account, show your adverts and profile to other members, deliver your
        messages, keep the service secure and, where you agree, tell you about new features.
      </p>
      <p>
        Under UK data protection law you have the right to access the personal data we hold about you, to have it corrected or
        deleted, to object to how we use it and to take a copy with you to another service. You can delete your account, with its
        listings, profile and messages, at any time from your profile page.
      </p>
      <p>
        RoomNest is not for anyone under {MINIMUM_AGE}, and we do not knowingly collect data from children. To exercise your rights
        or ask a question about privacy, <Link to={ROUTES.contactUs}>contact us</Link>; you can also complain to the Information
        Commissioner's Office.
      </p>
    </ProsePage>
  );
}
