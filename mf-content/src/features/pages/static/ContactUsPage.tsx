import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';

export default function ContactUsPage() {
  return (
    <ProsePage title="Contact us" lead="Questions about an advert, your account or a payment? We are here to help.">
      <p>
        Email our support team at <a href="mailto:support@roomnest.co.uk">support@roomnest.co.uk</a> and include the email address
        of your account and, if your question is about a listing, a link to it. We reply within two working days, Monday to Friday.
      </p>
      <p>
        If you think an advert is a scam or a member has behaved inappropriately, tell us straight away and do not send them any
        money. Our <Link to={ROUTES.safety}>safety guide</Link> explains the warning signs to look out for.
      </p>
      <p>
        Many answers are already in our <Link to={ROUTES.faq}>frequently asked questions</Link>. Journalists can find press
        releases and contacts in the <Link to={ROUTES.press}>press room</Link>.
      </p>
    </ProsePage>
  );
}
