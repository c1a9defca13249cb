import { formatDate, ROUTES, TERMS_LAST_UPDATED } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';
import s from '../prose.module.css';

export default function TermsPage() {
  return (
    <ProsePage title="Terms and conditions" lead="The agreement between you and RoomNest when you use the site.">
      <p className={s.updated}>
        Last updated <time dateTime={TERMS_LAST_UPDATED}>{formatDate(TERMS_LAST_UPDATED)}</time>
      </p>
      <p>
        By creating an account or using RoomNest you agree to these terms. You must be at least 18 years old, give accurate details
        about yourself and keep your login details private. RoomNest is a marketplace: tenancies and other agreements are made directly
        between landlords and tenants, not with us.
      </p>
      <p>
        Advertisers must describe rooms honestly, have the right to let them and follow the law on lettings, including deposit
        protection and right-to-rent checks. We may remove adverts or accounts that break these terms or put other members at risk.
      </p>
      <p>
        Paid plans are billed in advance through our payment provider. Service fees are non-refundable unless stated otherwise. See{' '}
        <Link to={ROUTES.pricing}>pricing</Link> for what each plan includes and our <Link to={ROUTES.privacy}>privacy policy</Link> for
        how we handle your data.
      </p>
    </ProsePage>
  );
}
