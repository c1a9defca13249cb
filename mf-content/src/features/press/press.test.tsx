import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';
import { findArticle } from '../news/news.ts';
import { resolveContentPage } from '../pages/registry.tsx';
import { formatFileSize, MEDIA_KIT } from './media-kit.ts';

describe('Press room', () => {
  it('lists three press releases with date, title, summary and a link to a real article', async () => {
    await renderContent('/press');
    const releases = within(screen.getByRole('region', { name: 'Press releases' })).getAllByRole('article');
    expect(releases).toHaveLength(3);
    for (const release of releases) {
      const r = within(release);
      const title = r.getByRole('heading', { level: 3 }).textContent ?? '';
      expect(r.getByText(/\d{1,2} [A-Z][a-z]{2} 2025/).tagName).toBe('TIME');
      expect(release.querySelector('p:not(:first-child)')?.textContent?.length).toBeGreaterThan(80);
      const link = r.getByRole('link', { name: `Read the full release: ${title}` });
      const href = link.getAttribute('href') ?? '';
      expect(resolveContentPage(href)).not.toBeNull();
      expect(findArticle(href.replace('/news/', ''))).toBeTruthy();
    }
  });

  it('has a press contact card with name, title, email and phone', async () => {
    await renderContent('/press');
    const card = within(screen.getByRole('region', { name: 'Press contact' }));
    expect(card.getByText('Charlotte Davies')).toBeTruthy();
    expect(card.getByText('Head of Communications')).toBeTruthy();
    expect(card.getByRole('link', { name: 'press@roomnest.co.uk' }).getAttribute('href')).toBe('mailto:press@roomnest.co.uk');
    expect(card.getByRole('link', { name: '+44 20 7946 0321' }).getAttribute('href')).toBe('tel:+442079460321');
  });

  it('offers the three media kit files as downloads of this remote’s own assets', async () => {
    await renderContent('/press');
    const kit = within(screen.getByRole('region', { name: 'Media kit' }));
    const downloads = kit.getAllByRole('link', { name: /^Download / });
    expect(downloads.map((a) => a.getAttribute('download'))).toEqual([
      'roomnest-brand-guidelines.pdf',
      'roomnest-logo-package.zip',
      'roomnest-media-photos.zip',
    ]);
    MEDIA_KIT.forEach((file, i) => {
      const link = downloads[i] as HTMLAnchorElement;
      expect(link.textContent).toBe('Download');
      expect(link.getAttribute('href')).toBe(file.href);
      expect(link.getAttribute('href')).toContain(file.fileName.replace(/\.\w+$/, ''));
      expect(link.getAttribute('aria-label')).toBe(`Download ${file.name} (${file.format}, ${formatFileSize(file.bytes)})`);
      expect(kit.getByRole('heading', { level: 3, name: file.name })).toBeTruthy();
    });
    expect(MEDIA_KIT.map((f) => [f.name, f.format])).toEqual([
      ['Brand Guidelines', 'PDF'],
      ['Logo Package', 'ZIP'],
      ['Media Photos', 'ZIP'],
    ]);
  });

  it('formats file sizes', () => {
    expect(formatFileSize(200)).toBe('1 KB');
    expect(formatFileSize(26_078)).toBe('25 KB');
    expect(formatFileSize(1_300_000)).toBe('1.2 MB');
  });
});
