import { formatDate, ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { SectionedPage, type DocSection } from '../ProsePage.tsx';
import { COMPANY, mailto } from '../company.ts';

export const ACCESSIBILITY_REVIEWED = '2025-05-14';

export const ACCESSIBILITY_SECTIONS: readonly DocSection[] = [
  {
    id: 'commitment',
    title: 'Our commitment',
    body: (
      <p>
        RoomNest should work for everyone looking for a home. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at
        level AA across our website, and we treat an accessibility problem as seriously as any other bug.
      </p>
    ),
  },
  {
    id: 'what-we-do',
    title: 'What we do',
    body: (
      <ul>
        <li>Every page can be used with a keyboard alone, with a visible focus indicator and a “Skip to content” link.</li>
        <li>Pages use headings, landmarks and labelled form fields, so screen readers can navigate them.</li>
        <li>Text and controls meet WCAG AA contrast, and pages work when zoomed to 400% or viewed on a small phone.</li>
        <li>Form errors are shown next to the field they belong to and announced to screen readers.</li>
        <li>
          Moving images respect your device’s reduced-motion setting, and the rotating pictures on the home page have a pause button.
        </li>
        <li>We test new features with automated checks and by hand with screen readers before they are released.</li>
      </ul>
    ),
  },
  {
    id: 'limitations',
    title: 'Known limitations',
    body: (
      <>
        <p>We know some parts of RoomNest do not yet fully meet our target:</p>
        <ul>
          <li>
            Photos uploaded by advertisers do not have individual text descriptions. The key facts about every room (type, rent,
            amenities and availability) are always given in text as well.
          </li>
          <li>
            The brand guidelines PDF in our press room is not a tagged PDF. Its content is also available as text on request.
          </li>
          <li>
            Payments take place on our payment provider’s secure page, which we do not control; it publishes its own accessibility
            statement.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'compatibility',
    title: 'Browsers and assistive technology',
    body: (
      <p>
        RoomNest is designed for the current and previous versions of Chrome, Edge, Firefox and Safari, on desktop and mobile. We
        test with NVDA on Windows, VoiceOver on macOS and iOS, and TalkBack on Android.
      </p>
    ),
  },
  {
    id: 'feedback',
    title: 'Feedback and contact',
    body: (
      <>
        <p>
          If something on RoomNest is hard to use, or you need information in a different format such as large print or plain text,
          please <Link to={ROUTES.contactUs}>contact us</Link> or email{' '}
          <a href={mailto(COMPANY.emails.accessibility)}>{COMPANY.emails.accessibility}</a>. Tell us the page and what went wrong;
          we will reply within two working days and tell you how and when we will fix it.
        </p>
        <p>
          If you are not happy with our response, the Equality Advisory and Support Service (EASS) can advise you on your rights under
          the Equality Act 2010.
        </p>
      </>
    ),
  },
];

/** /accessibility: the WCAG 2.1 AA target, what we do, known limitations, and how to contact us. */
export default function AccessibilityPage() {
  return (
    <SectionedPage
      title="Accessibility"
      heading="Accessibility statement"
      lead="How we make RoomNest usable for everyone, where we fall short, and how to tell us."
      meta={
        <p>
          This statement was last reviewed on <time dateTime={ACCESSIBILITY_REVIEWED}>{formatDate(ACCESSIBILITY_REVIEWED)}</time>.
        </p>
      }
      sections={ACCESSIBILITY_SECTIONS}
    />
  );
}
