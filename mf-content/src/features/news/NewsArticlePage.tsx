import { formatDate, ROUTES } from '@roomnest/shared';
import { withHostApi } from '@roomnest/shared/client';
import { Page, usePageFocus } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { ArticleBody } from '../blog/ArticleBody.tsx';
import { Breadcrumb } from '../pages/Breadcrumb.tsx';
import { DeadEnd } from '../pages/DeadEnd.tsx';
import type { ContentPageProps } from '../pages/lazy-page.tsx';
import { NewsSidebar } from './NewsSidebar.tsx';
import { categoryByName, findArticle, NEWS_ARTICLES } from './news.ts';
import s from './news.module.css';

/** /news/:id: one article in full; an unknown id is not found. */
function NewsArticlePage({ params }: ContentPageProps) {
  const article = findArticle(params.id ?? '');
  const headingRef = usePageFocus();
  if (!article) {
    return (
      <DeadEnd title="Article Not Found" action={<Link to={ROUTES.news}>See all news</Link>}>
        There is no news article at this address. It may have been moved or removed.
      </DeadEnd>
    );
  }
  const category = categoryByName(article.category);
  const others = NEWS_ARTICLES.filter((other) => other.id !== article.id);
  return (
    <Page title={article.title}>
      <Breadcrumb trail={[{ to: ROUTES.news, label: 'News' }]} current={article.title} />
      <div className={s.layout}>
        <div className={s.main}>
          <article className={s.article}>
            <header>
              <p className={s.meta}>
                {category ? (
                  <Link to={ROUTES.newsCategory(category.slug)} className={s.tag}>
                    {category.name}
                  </Link>
                ) : null}
                <time dateTime={article.date}>{formatDate(article.date)}</time>
              </p>
              <h1 ref={headingRef} tabIndex={-1}>
                {article.title}
              </h1>
              <p className={s.lead}>{article.excerpt}</p>
            </header>
            <img className={s.articleImage} src={article.image} alt={article.imageAlt} width={1200} height={675} />
            <ArticleBody content={article.content} />
          </article>
          <section className={s.more} aria-labelledby="more-news">
            <h2 id="more-news">More news</h2>
            <ul>
              {others.map((other) => (
                <li key={other.id}>
                  <Link to={ROUTES.newsArticle(other.id)}>{other.title}</Link>
                </li>
              ))}
            </ul>
            <p>
              Journalists: press releases, facts and media contacts are in the <Link to={ROUTES.press}>press room</Link>.
            </p>
          </section>
        </div>
        <NewsSidebar current={category ?? null} />
      </div>
    </Page>
  );
}

export default withHostApi(NewsArticlePage);
