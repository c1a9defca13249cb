import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';

export default function AdvertiserTipsPage() {
  return (
    <ProsePage title="Advertiser tips" lead="How to write an advert that lets your room quickly to the right person.">
      <p>
        <strong>Make the listing do the work.</strong> Use bright daylight photos of the room and the shared spaces, give the real
        size of the room, and say exactly which bills are included. A clear title such as “Double room, bills included, 5 minutes from
        Stratford station” gets more clicks than a vague one.
      </p>
      <p>
        <strong>Answer enquiries quickly.</strong> Most tenants contact several advertisers at once, and the first landlord to reply
        usually books the first viewing. Keep conversations on RoomNest, and never ask for money before a viewing; our{' '}
        <Link to={ROUTES.safetyAdvice}>safety advice</Link> explains why.
      </p>
      <p>
        <strong>Close the deal properly.</strong> Use a written agreement, protect the deposit within 30 days, carry out right-to-rent
        checks and mark the listing as let when the room is taken. Letting several rooms? Compare our{' '}
        <Link to={ROUTES.pricing}>plans</Link>, or <Link to={ROUTES.contactUs}>contact us</Link> about larger portfolios.
      </p>
    </ProsePage>
  );
}
