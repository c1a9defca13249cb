import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import s from './breadcrumb.module.css';

/** Home › … › current page, as a navigation landmark named 'Breadcrumb'. */
export function Breadcrumb({ trail, current }: { trail: readonly { to: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className={s.breadcrumb}>
      <ol>
        <li>
          <Link to={ROUTES.home}>Home</Link>
        </li>
        {trail.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
