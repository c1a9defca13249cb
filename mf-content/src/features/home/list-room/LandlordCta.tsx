import { PLANS, ROUTES } from '@roomnest/shared';
import { Button } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { useListRoom } from './use-list-room.ts';
import s from './landlord-cta.module.css';

const freeRooms = PLANS.find((p) => p.name === 'Free')?.listingLimit ?? 1;

/** The landlord band: advertise a room for free. */
export function LandlordCta() {
  const listRoom = useListRoom();
  return (
    <section className={s.band} aria-labelledby="home-landlord-title">
      <div className={s.text}>
        <h2 id="home-landlord-title">Got a spare room?</h2>
        <p>
          Advertise it to people searching for rooms in London right now. On the Free plan {freeRooms === 1 ? 'one room is' : `${freeRooms} rooms are`}{' '}
          free forever, and you talk to tenants directly: no agency, no commission.
        </p>
      </div>
      <div className={s.actions}>
        <Button variant="accent" size="lg" onClick={listRoom}>
          Post Your Ad FREE
        </Button>
        <Link to={ROUTES.pricing} className={s.pricing}>
          Compare plans
        </Link>
      </div>
    </section>
  );
}
