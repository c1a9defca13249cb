import { articleBlocks } from './article-blocks.ts';

/** An article's text (blog posts and news items) as headings, lists and paragraphs. */
export function ArticleBody({ content }: { content: string }) {
  return (
    <>
      {articleBlocks(content).map((block) => {
        if (block.kind === 'heading') {
          return (
            <h2 key={block.id} id={block.id}>
              {block.text}
            </h2>
          );
        }
        if (block.kind === 'list') {
          return (
            <ul key={`list-${block.items[0]}`}>
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={`p-${block.text.slice(0, 80)}`}>{block.text}</p>;
      })}
    </>
  );
}
