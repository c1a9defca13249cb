import { EAST_LONDON_AREAS, roomsSearchUrl } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { SectionHeader } from '../SectionHeader.tsx';
import { AREA_GUIDES } from './areas.ts';
import s from './locations.module.css';

export const LONDON = 'London';

/** The room search for one East London area (docs/product.md, Screens: Home). */
export const areaSearchUrl = (area: string) => roomsSearchUrl({ city: LONDON, address: area });

/** Ten East London location cards and a link to every room in London. */
export function Locations() {
  return (
    <section aria-labelledby="home-areas-title">
      <SectionHeader id="home-areas-title" eyebrow="Popular in East London" title="Find a room where you want to live">
        From riverside towers to Victorian terraces, these are the areas our tenants search most.
      </SectionHeader>
      <ul className={s.grid}>
        {EAST_LONDON_AREAS.map((area) => {
          const guide = AREA_GUIDES[area];
          return (
            <li key={area} className={s.card}>
              <div className={`${s.art} ${s[guide.tone]}`} aria-hidden="true">
                <svg className={s.skyline} viewBox="0 0 240 60" preserveAspectRatio="none" focusable="false">
                  <path d="M0 60V38h18V26h14v12h12V18l8-8 8 8v20h16V30h20v30h10V22h18v38h12V34h14V14h6V6h4v8h6v46h16V28h20v32h10V40h14v20z" />
                </svg>
              </div>
              <div className={s.body}>
                <h3 className={s.name}>
                  <Link to={areaSearchUrl(area)} className={s.link}>
                    <span className="visually-hidden">Rooms in </span>
                    {area}
                  </Link>
                </h3>
                <p className={s.meta}>
                  {guide.borough} · {guide.postcode}
                </p>
                <p className={s.description}>{guide.description}</p>
                <p className={s.transport}>
                  <span className="visually-hidden">Transport: </span>
                  {guide.transport}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <p className={s.more}>
        <Link to={roomsSearchUrl({ city: LONDON })} className={s.moreLink}>
          View More in London <span aria-hidden="true">→</span>
        </Link>
      </p>
    </section>
  );
}
