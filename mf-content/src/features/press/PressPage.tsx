import { formatDate } from '@roomnest/shared';
import { Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { COMPANY, mailto } from '../pages/company.ts';
import { formatFileSize, MEDIA_KIT } from './media-kit.ts';
import { PRESS_RELEASES } from './releases.ts';
import s from './press.module.css';

export const PRESS_CONTACT = {
  name: 'Charlotte Davies',
  title: 'Head of Communications',
  email: COMPANY.emails.press,
  phone: COMPANY.pressPhone,
} as const;

/** /press: press releases, facts and boilerplate, the press contact and the media kit downloads. */
export default function PressPage() {
  const headingRef = usePageFocus();
  return (
    <Page title="Press">
      <PageHeader headingRef={headingRef} title="Press room" subtitle="News, facts, images and contacts for journalists writing about renting in the UK." />
      <div className={s.layout}>
        <div className={s.main}>
          <section aria-labelledby="press-releases">
            <h2 id="press-releases">Press releases</h2>
            <ul className={s.releases}>
              {PRESS_RELEASES.map((release) => (
                <li key={release.link}>
                  <article className={s.release} aria-labelledby={`release-${release.date}`}>
                    <p className={s.date}>
                      <time dateTime={release.date}>{formatDate(release.date)}</time>
                    </p>
                    <h3 id={`release-${release.date}`}>{release.title}</h3>
                    <p>{release.summary}</p>
                    <Link to={release.link} className={s.readMore} aria-label={`Read the full release: ${release.title}`}>
                      Read the full release
                    </Link>
                  </article>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="press-facts">
            <h2 id="press-facts">RoomNest at a glance</h2>
            <dl className={s.facts}>
              <div>
                <dt>Founded</dt>
                <dd>{COMPANY.founded}, in East London</dd>
              </div>
              <div>
                <dt>Active users</dt>
                <dd>More than {COMPANY.activeUsers}</dd>
              </div>
              <div>
                <dt>Cities</dt>
                <dd>London, Manchester and Birmingham</dd>
              </div>
              <div>
                <dt>Headquarters</dt>
                <dd>Shoreditch, London</dd>
              </div>
            </dl>
            <h3>About RoomNest</h3>
            <p>
              RoomNest is a UK marketplace for rooms to rent and flatmates. Founded in East London in {COMPANY.founded}, it lets
              landlords advertise rooms and manage their listings themselves, and lets renters search by area and budget, browse flatmate
              profiles and message advertisers directly. More than {COMPANY.activeUsers} people use RoomNest, which is expanding from
              London to Manchester and Birmingham.
            </p>
            <p>
              Our team can comment on the shared rental market, rent levels across East London and what renters look for when they
              choose a room, drawing on the searches and listings on the platform.
            </p>
          </section>
        </div>

        <div className={s.side}>
          <section className={s.contact} aria-labelledby="press-contact">
            <h2 id="press-contact">Press contact</h2>
            <p className={s.person}>
              <strong>{PRESS_CONTACT.name}</strong>
              <span>{PRESS_CONTACT.title}</span>
            </p>
            <ul className={s.channels}>
              <li>
                Email: <a href={mailto(PRESS_CONTACT.email)}>{PRESS_CONTACT.email}</a>
              </li>
              <li>
                Phone: <a href={PRESS_CONTACT.phone.href}>{PRESS_CONTACT.phone.display}</a>
              </li>
            </ul>
            <p className={s.note}>We aim to reply to media enquiries on the same working day.</p>
          </section>

          <section className={s.kit} aria-labelledby="media-kit">
            <h2 id="media-kit">Media kit</h2>
            <p className={s.note}>Free to use in editorial coverage of RoomNest. Please credit images “Image: RoomNest”.</p>
            <ul>
              {MEDIA_KIT.map((file) => (
                <li key={file.fileName} className={s.download}>
                  <h3>{file.name}</h3>
                  <p>{file.description}</p>
                  <p className={s.format}>
                    {file.format}, {formatFileSize(file.bytes)}
                  </p>
                  <a
                    className={s.button}
                    href={file.href}
                    download={file.fileName}
                    type={file.format === 'PDF' ? 'application/pdf' : 'application/zip'}
                    aria-label={`Download ${file.name} (${file.format}, ${formatFileSize(file.bytes)})`}
                  >
                    Download
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </Page>
  );
}
