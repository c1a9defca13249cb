import { ROUTES } from '@roomnest/shared';
import { withHostApi } from '@roomnest/shared/client';
import { Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { Breadcrumb } from '../pages/Breadcrumb.tsx';
import { DeadEnd } from '../pages/DeadEnd.tsx';
import type { ContentPageProps } from '../pages/lazy-page.tsx';
import { NewsCard } from './NewsCard.tsx';
import { NewsSidebar } from './NewsSidebar.tsx';
import { articlesIn, categoryBySlug } from './news.ts';
import s from './news.module.css';

/** /news (every article) and /news/category/:slug (one category's articles; an unknown slug is not found). */
function NewsListPage({ params }: ContentPageProps) {
  const slug = params.slug;
  const category = slug === undefined ? undefined : categoryBySlug(slug);
  const headingRef = usePageFocus();
  if (slug !== undefined && !category) {
    return (
      <DeadEnd title="Category Not Found" action={<Link to={ROUTES.news}>See all news</Link>}>
        There is no news category at this address. It may have been renamed or removed.
      </DeadEnd>
    );
  }
  const articles = articlesIn(category);
  return (
    <Page title={category ? `${category.name} | News` : 'News'}>
      {category ? <Breadcrumb trail={[{ to: ROUTES.news, label: 'News' }]} current={category.name} /> : null}
      <PageHeader
        headingRef={headingRef}
        title={category ? category.name : 'RoomNest news'}
        subtitle={
          category
            ? `${category.name} from RoomNest.`
            : 'Product updates, market analysis, guides and company news from RoomNest.'
        }
      />
      <div className={s.layout}>
        <div className={s.main}>
          {articles.length > 0 ? (
            <ul className={s.list}>
              {articles.map((article) => (
                <li key={article.id}>
                  <NewsCard article={article} />
                </li>
              ))}
            </ul>
          ) : (
            <div className={s.empty}>
              <h2>No {category?.name ?? 'news'} stories yet</h2>
              <p>
                We publish new stories here as soon as we have something worth sharing. Subscribe below to hear first, or catch up on{' '}
                <Link to={ROUTES.news}>all our news</Link> and the practical guides on <Link to={ROUTES.blog}>our blog</Link>.
              </p>
            </div>
          )}
        </div>
        <NewsSidebar current={category ?? 'all'} />
      </div>
    </Page>
  );
}

export default withHostApi(NewsListPage);
