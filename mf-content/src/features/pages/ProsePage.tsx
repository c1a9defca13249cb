import { Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import s from './prose.module.css';

/** The frame of a short static page: title, lead and readable body text. */
export function ProsePage({ title, heading, lead, wide = false, children }: { title: string; heading?: string; lead?: ReactNode; wide?: boolean; children: ReactNode }) {
  const headingRef = usePageFocus();
  return (
    <Page title={title}>
      <PageHeader title={heading ?? title} subtitle={lead} headingRef={headingRef} />
      <div className={wide ? `${s.prose} ${s.wide}` : s.prose}>{children}</div>
    </Page>
  );
}

export interface DocSection {
  /** The fragment the contents link to (`/terms-conditions#fees`). */
  id: string;
  title: string;
  body: ReactNode;
}

interface SectionedPageProps {
  title: string;
  heading?: string;
  lead?: ReactNode;
  /** Shown under the header, above the contents (a "last updated" line). */
  meta?: ReactNode;
  /** Text before the first section. */
  intro?: ReactNode;
  sections: readonly DocSection[];
  /** Numbers the sections (legal documents refer to them by number). */
  numbered?: boolean;
  /** After the last section. */
  outro?: ReactNode;
}

/**
 * A long page in sections with an in-page table of contents: beside the text
 * on wide screens (sticky), above it on phones. Opening the page at a
 * fragment scrolls to that section once the text is there.
 */
export function SectionedPage({ title, heading, lead, meta, intro, sections, numbered = false, outro }: SectionedPageProps) {
  const { pathname, hash } = useLocation();
  const headingRef = usePageFocus();
  const ids = sections.map((section) => section.id).join(' ');
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id && ids.split(' ').includes(id)) document.getElementById(id)?.scrollIntoView();
  }, [hash, ids]);

  const label = (index: number, text: string) => (numbered ? `${index + 1}. ${text}` : text);
  return (
    <Page title={title}>
      <PageHeader title={heading ?? title} subtitle={lead} headingRef={headingRef} />
      {meta ? <div className={s.meta}>{meta}</div> : null}
      <div className={s.layout}>
        <nav className={s.toc} aria-label="On this page">
          <h2>On this page</h2>
          <ol>
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`${pathname}#${section.id}`}>
                  {numbered ? <span className={s.number}>{index + 1}.</span> : null}
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={s.prose}>
          {intro}
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>{label(index, section.title)}</h2>
              {section.body}
            </section>
          ))}
          {outro}
        </div>
      </div>
    </Page>
  );
}
