import { formatDate, ROUTES } from '@roomnest/shared';
import { Page, PageHeader } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { BLOG_POSTS } from './posts.ts';
import s from './blog.module.css';

/** /blog: the three fixed posts. */
export default function BlogListPage() {
  return (
    <Page title="Blog">
      <PageHeader title="The RoomNest blog" subtitle="Practical guides for renters, flatmates and landlords across the UK." />
      <ul className={s.list}>
        {BLOG_POSTS.map((post) => (
          <li key={post.slug} className={s.item}>
            <article>
              <p className={s.meta}>
                <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.author}
              </p>
              <h2 className={s.itemTitle}>
                <Link to={ROUTES.blogPost(post.slug)}>{post.title}</Link>
              </h2>
              <p className={s.excerpt}>{post.excerpt}</p>
            </article>
          </li>
        ))}
      </ul>
    </Page>
  );
}
