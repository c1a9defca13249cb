/** The blocks of an article's text: '## ' headings, '- ' lists and paragraphs, separated by blank lines. */
export type ArticleBlock = { kind: 'heading'; text: string; id: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function articleBlocks(content: string): ArticleBlock[] {
  return content
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): ArticleBlock => {
      if (block.startsWith('## ')) {
        const text = block.slice(3).trim();
        return { kind: 'heading', text, id: slugify(text) };
      }
      const lines = block.split('\n');
      if (lines.every((line) => line.startsWith('- '))) return { kind: 'list', items: lines.map((line) => line.slice(2).trim()) };
      return { kind: 'paragraph', text: lines.join(' ') };
    });
}
