import { localizedPath, type RichBlock, type RichInline } from '@agro/shared';
import { pageLanguage } from '@/lib/i18n';

/** One run of a formatted text: its words as text (never HTML), bold, italic, a link. */
function Run({ run }: { run: RichInline }) {
  let node = <>{run.text}</>;
  if (run.italic) node = <em>{node}</em>;
  if (run.bold) node = <strong>{node}</strong>;
  if (run.href) {
    const external = /^https?:/i.test(run.href);
    // A page of the site opens in the page's language.
    const href = run.href.startsWith('/') ? localizedPath(run.href, pageLanguage()) : run.href;
    node = (
      <a href={href} className="font-medium text-brand-800 underline" {...(external && { rel: 'noopener noreferrer' })}>
        {node}
      </a>
    );
  }
  return node;
}

const Runs = ({ runs }: { runs: RichInline[] }) => (
  <>
    {runs.map((run, i) => (
      <Run key={i} run={run} />
    ))}
  </>
);

/**
 * A text the owner wrote (issue 43, item 3), from the structure the server made of it: headings,
 * paragraphs and lists as elements. `headingLevel` is the level its top headings take on the page.
 */
export function RichText({ blocks, headingLevel = 2 }: { blocks: RichBlock[]; headingLevel?: 2 | 3 }) {
  return (
    <>
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          const Heading = block.level === 2 && headingLevel === 2 ? 'h2' : 'h3';
          return (
            <Heading
              key={i}
              className={Heading === 'h2' ? 'pt-4 text-xl font-bold text-brand-900' : 'pt-2 text-lg font-semibold text-brand-900'}
            >
              {block.text}
            </Heading>
          );
        }
        if (block.kind === 'paragraph')
          return (
            <p key={i} className="whitespace-pre-line">
              <Runs runs={block.inlines} />
            </p>
          );
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={i} className={block.ordered ? 'list-decimal space-y-1 ps-5' : 'list-disc space-y-1 ps-5'}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Runs runs={item} />
              </li>
            ))}
          </List>
        );
      })}
    </>
  );
}
