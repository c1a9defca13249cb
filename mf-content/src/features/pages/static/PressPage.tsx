import { ProsePage } from '../ProsePage.tsx';

export default function PressPage() {
  return (
    <ProsePage title="Press" heading="Press room" lead="News, facts and contacts for journalists writing about renting in the UK.">
      <p>
        RoomNest is a UK marketplace for rooms to rent and flatmates, founded in East London. More than 50,000 people use it to
        advertise rooms, search for a home and find people to share with, and the service is expanding from London to Manchester and
        Birmingham.
      </p>
      <p>
        Our team can comment on the shared rental market, rent levels across East London and what renters look for when they choose a
        room, drawing on the searches and listings on the platform.
      </p>
      <p>
        For interviews, data requests and brand assets, email <a href="mailto:press@roomnest.co.uk">press@roomnest.co.uk</a>. We aim to
        reply to media enquiries on the same working day.
      </p>
    </ProsePage>
  );
}
