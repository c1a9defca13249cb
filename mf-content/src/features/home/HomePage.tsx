import { Button, Page, usePageFocus } from '@roomnest/shared/ui';
import { Hero } from './hero/Hero.tsx';
import { HowItWorks } from './how-it-works/HowItWorks.tsx';
import { LandlordCta } from './list-room/LandlordCta.tsx';
import { useListRoom } from './list-room/use-list-room.ts';
import { Locations } from './locations/Locations.tsx';
import { SearchBox } from './search/SearchBox.tsx';
import { Testimonials } from './testimonials/Testimonials.tsx';
import s from './home.module.css';

const TITLE_ID = 'home-title';

/** `/`: the Home page (docs/product.md, Screens: Home). */
export default function HomePage() {
  const listRoom = useListRoom();
  const headingRef = usePageFocus();
  return (
    <div className={s.home}>
      <Hero labelledBy={TITLE_ID}>
        <p className={s.eyebrow}>Rooms and flatmates across the UK</p>
        <h1 id={TITLE_ID} className={s.title} ref={headingRef} tabIndex={-1}>
          Find your next room in London
        </h1>
        <p className={s.lead}>Search rooms and flatmates from Shoreditch to Romford, and message landlords and flatmates directly.</p>
        <div className={s.search}>
          <SearchBox />
        </div>
        <div className={s.listRoom}>
          <span>Have a room to let?</span>
          <Button variant="secondary" onClick={listRoom}>
            List Your Room
          </Button>
        </div>
      </Hero>
      <Page title="Rooms and flatmates to rent in London">
        <div className={s.sections}>
          <HowItWorks />
          <Locations />
          <LandlordCta />
          <Testimonials />
        </div>
      </Page>
    </div>
  );
}
