import { formatDate, ROUTES } from '@roomnest/shared';
import { Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { BLOG_POSTS, readingMinutes } from './posts.ts';
import s from './blog.module.css';

/** /blog: the three fixed posts as cards (title, date, author, excerpt, Read more). */
export default function BlogListPage() {
  const headingRef = usePageFocus();
  return (
    <Page title="Blog">
      <PageHeader title="The RoomNest blog" subtitle="Practical guides for renters, flatmates and landlords across the UK." headingRef={headingRef} />
      <ul className={s.list}>
        {BLOG_POSTS.map((post) => (
          <li key={post.slug} className={s.card}>
            <article className={s.cardBody} aria-labelledby={`post-${post.slug}`}>
              <h2 id={`post-${post.slug}`} className={s.cardTitle}>
                {post.title}
              </h2>
              <p className={s.meta}>
                <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.author} · {readingMinutes(post)} min read
              </p>
              <p className={s.excerpt}>{post.excerpt}</p>
              <Link to={ROUTES.blogPost(post.slug)} className={s.readMore} aria-label={`Read more: ${post.title}`}>
                Read more
              </Link>
            </article>
          </li>
        ))}
      </ul>
    </Page>
  );
}
