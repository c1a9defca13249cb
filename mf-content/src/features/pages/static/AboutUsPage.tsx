import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';

export default function AboutUsPage() {
  return (
    <ProsePage title="About us" heading="About RoomNest" lead="A room-rental and flatmate marketplace built for the way people in the UK actually rent.">
      <p>
        Most people who move to a new city do not rent a whole flat: they rent a room. RoomNest started in East London to make that
        search simpler and safer, bringing landlords with a room to let and people looking for a home together in one place, with
        rents, deposits and house rules set out clearly from the first click.
      </p>
      <p>
        Landlords advertise rooms and manage their listings themselves. Tenants search by area and budget, browse the profiles of
        people looking for flatmates and message advertisers directly, without an agent in the middle. Today more than 50,000 people
        use RoomNest, and we are growing from London to Manchester and Birmingham.
      </p>
      <p>
        We are a small team of renters and former landlords. If you have an idea for making RoomNest better, we would like to hear
        it: <Link to={ROUTES.contactUs}>get in touch</Link>.
      </p>
    </ProsePage>
  );
}
