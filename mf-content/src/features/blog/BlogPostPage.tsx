import { formatDate, ROUTES, TEXTS } from '@roomnest/shared';
import { Page, StatusMessage } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { findPost } from './posts.ts';
import s from './blog.module.css';

/** /blog/:slug: one post with its breadcrumb; an unknown slug shows 'Post Not Found'. */
export default function BlogPostPage({ slug }: { slug: string }) {
  const post = findPost(slug);
  if (!post) {
    return (
      <Page title={TEXTS.blogPostNotFound}>
        <StatusMessage title={TEXTS.blogPostNotFound} action={<Link to={ROUTES.blog}>Back to the blog</Link>}>
          There is no blog post at this address. It may have been renamed or removed.
        </StatusMessage>
      </Page>
    );
  }
  return (
    <Page title={post.title}>
      <nav aria-label="Breadcrumb" className={s.breadcrumb}>
        <ol>
          <li>
            <Link to={ROUTES.home}>Home</Link>
          </li>
          <li>
            <Link to={ROUTES.blog}>Blog</Link>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <article className={s.post}>
        <header className={s.postHeader}>
          <h1>{post.title}</h1>
          <p className={s.meta}>
            By {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time>
          </p>
        </header>
        {post.content.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </article>
      <p>
        <Link to={ROUTES.blog}>← More from the blog</Link>
      </p>
    </Page>
  );
}
