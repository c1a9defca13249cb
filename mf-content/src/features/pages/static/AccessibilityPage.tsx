import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';

export default function AccessibilityPage() {
  return (
    <ProsePage title="Accessibility" heading="Accessibility statement" lead="RoomNest should work for everyone looking for a home.">
      <p>
        We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA. That means every page can be used with a
        keyboard alone, works with screen readers and zoom up to 400%, has text that meets contrast requirements and respects your
        device's reduced-motion setting.
      </p>
      <p>
        We test new features with automated checks and by hand, but some parts of the site may still fall short, particularly photos
        uploaded by advertisers that lack a description.
      </p>
      <p>
        If something on RoomNest is hard to use, or you need information in a different format, please{' '}
        <Link to={ROUTES.contactUs}>contact us</Link>. We will reply within two working days and tell you how we will fix it.
      </p>
    </ProsePage>
  );
}
