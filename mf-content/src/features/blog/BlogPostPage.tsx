import { formatDate, ROUTES, TEXTS } from '@roomnest/shared';
import { Page, usePageFocus } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { Breadcrumb } from '../pages/Breadcrumb.tsx';
import { DeadEnd } from '../pages/DeadEnd.tsx';
import type { ContentPageProps } from '../pages/lazy-page.tsx';
import { ArticleBody } from './ArticleBody.tsx';
import { BLOG_POSTS, findPost, readingMinutes } from './posts.ts';
import s from './blog.module.css';

/** /blog/:slug: one post with its breadcrumb; an unknown slug shows 'Post Not Found'. */
export default function BlogPostPage({ params }: ContentPageProps) {
  const post = findPost(params.slug ?? '');
  const headingRef = usePageFocus();
  if (!post) {
    return (
      <DeadEnd title={TEXTS.blogPostNotFound} action={<Link to={ROUTES.blog}>Back to the blog</Link>}>
        There is no blog post at this address. It may have been renamed or removed.
      </DeadEnd>
    );
  }
  const others = BLOG_POSTS.filter((other) => other.slug !== post.slug);
  return (
    <Page title={post.title}>
      <Breadcrumb trail={[{ to: ROUTES.blog, label: 'Blog' }]} current={post.title} />
      <article className={s.post}>
        <header className={s.postHeader}>
          <h1 ref={headingRef} tabIndex={-1}>
            {post.title}
          </h1>
          <p className={s.meta}>
            By {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time> · {readingMinutes(post)} min read
          </p>
          <p className={s.lead}>{post.excerpt}</p>
        </header>
        <ArticleBody content={post.content} />
      </article>
      <aside className={s.more} aria-labelledby="more-posts">
        <h2 id="more-posts">More from the blog</h2>
        <ul>
          {others.map((other) => (
            <li key={other.slug}>
              <Link to={ROUTES.blogPost(other.slug)}>{other.title}</Link>
            </li>
          ))}
          {post.slug === 'landlord-essentials-property-prep' ? (
            <li>
              <Link to={ROUTES.advertiserTips}>Advertiser tips: twelve ways to let your room faster</Link>
            </li>
          ) : (
            <li>
              <Link to={ROUTES.advice}>Renting advice: budgets, right to rent, council tax and bills</Link>
            </li>
          )}
        </ul>
        <p>
          <Link to={ROUTES.blog}>← All posts</Link>
        </p>
      </aside>
    </Page>
  );
}
