import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { ProsePage } from '../ProsePage.tsx';

export default function NewsPage() {
  return (
    <ProsePage title="News" heading="RoomNest news" lead="Product updates, market analysis and company news.">
      <p>
        RoomNest is growing beyond London. After starting in East London, we are bringing rooms and flatmate profiles in Manchester and
        Birmingham to the same search, so renters moving between cities can look in one place.
      </p>
      <p>
        Here we share what changes on RoomNest and why, what our searches say about rents and demand in shared housing, and guides for
        renters and landlords. For longer practical guides, read the <Link to={ROUTES.blog}>RoomNest blog</Link>.
      </p>
      <p>
        Journalists can find press releases, facts and media contacts in the <Link to={ROUTES.press}>press room</Link>.
      </p>
    </ProsePage>
  );
}
