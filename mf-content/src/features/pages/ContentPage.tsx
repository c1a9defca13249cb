import { ROUTES, TEXTS } from '@roomnest/shared';
import { Page, StatusMessage } from '@roomnest/shared/ui';
import { Link, useLocation } from 'react-router-dom';
import { resolveContentPage } from './registry.tsx';

/** `./ContentPage`: blog, pricing and every static page, chosen by the current path. */
export default function ContentPage() {
  const { pathname } = useLocation();
  const page = resolveContentPage(pathname);
  if (page) return page;
  return (
    <Page title="Page not found">
      <StatusMessage title="Page not found" action={<Link to={ROUTES.home}>Go to the homepage</Link>}>
        {TEXTS.notFound}
      </StatusMessage>
    </Page>
  );
}
