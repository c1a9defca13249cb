import { ROUTES, TEXTS } from '@roomnest/shared';
import { Link, useLocation } from 'react-router-dom';
import { DeadEnd } from './DeadEnd.tsx';
import { LazyPage } from './lazy-page.tsx';
import { resolveContentPage } from './registry.tsx';

/** `./ContentPage`: blog, pricing, news and every static page, chosen by the current path. */
export default function ContentPage() {
  const { pathname } = useLocation();
  const page = resolveContentPage(pathname);
  if (page) return <LazyPage key={page.path} load={page.load} params={page.params} />;
  return (
    <DeadEnd title="Page not found" action={<Link to={ROUTES.home}>Go to the homepage</Link>}>
      {TEXTS.notFound}
    </DeadEnd>
  );
}
