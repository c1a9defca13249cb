import { ROUTES } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import { articlesIn, NEWS_CATEGORIES, type NewsCategory } from './news.ts';
import { SubscribeForm } from './SubscribeForm.tsx';
import s from './news.module.css';

/** The categories (All News and the five of docs/product.md, Screens), with the current one marked. */
export function NewsCategories({ current }: { current: NewsCategory | 'all' | null }) {
  const items = [
    { to: ROUTES.news, name: 'All News', count: articlesIn(undefined).length, active: current === 'all' },
    ...NEWS_CATEGORIES.map((category) => ({
      to: ROUTES.newsCategory(category.slug),
      name: category.name,
      count: articlesIn(category).length,
      active: current !== 'all' && current?.slug === category.slug,
    })),
  ];
  return (
    <nav className={s.categories} aria-label="News categories">
      <h2 className={s.sideTitle}>Categories</h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} aria-current={item.active ? 'page' : undefined} className={item.active ? s.active : undefined}>
              <span>{item.name}</span>
              <span className={s.count} aria-label={`${item.count} ${item.count === 1 ? 'article' : 'articles'}`}>
                {item.count}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The news pages' side column: categories, then the newsletter form. */
export function NewsSidebar({ current }: { current: NewsCategory | 'all' | null }) {
  return (
    <aside className={s.sidebar} aria-label="More news">
      <NewsCategories current={current} />
      <SubscribeForm />
    </aside>
  );
}
