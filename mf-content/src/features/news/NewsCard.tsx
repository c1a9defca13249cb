import { formatDate, ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { categoryByName, type NewsArticle } from './news.ts';
import s from './news.module.css';

/** One article in a list: image, category, date, title, excerpt and Read more. */
export function NewsCard({ article }: { article: NewsArticle }) {
  const category = categoryByName(article.category);
  const titleId = `news-${article.id}`;
  return (
    <article className={s.card} aria-labelledby={titleId}>
      <img className={s.cardImage} src={article.image} alt="" width={1200} height={675} loading="lazy" decoding="async" />
      <div className={s.cardBody}>
        <p className={s.meta}>
          {category ? (
            <Link to={ROUTES.newsCategory(category.slug)} className={s.tag}>
              {category.name}
            </Link>
          ) : null}
          <time dateTime={article.date}>{formatDate(article.date)}</time>
        </p>
        <h2 id={titleId} className={s.cardTitle}>
          <Link to={ROUTES.newsArticle(article.id)}>{article.title}</Link>
        </h2>
        <p className={s.excerpt}>{article.excerpt}</p>
        <Link to={ROUTES.newsArticle(article.id)} className={s.readMore} aria-hidden="true" tabIndex={-1}>
          Read more
        </Link>
      </div>
    </article>
  );
}
