/**
 * The owner's formatted texts (issue 43, item 3): a small Markdown read by marked's lexer into the
 * few blocks the pages draw (RichBlock: headings, paragraphs, lists; bold, italic, links). Nothing
 * else survives as markup: HTML, scripts and images become their text, a link to anything but
 * http(s), mailto or a path of the site becomes its words. The pages draw the blocks as elements
 * (never as HTML), so whatever the text holds reads as text.
 */
import type { RichBlock, RichInline } from '@agro/shared';
import { Lexer, type Token, type Tokens } from 'marked';

const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/(?!\/)[^\s]*)$/i;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Character references as the characters they name (text is never HTML here). */
const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

type Style = Pick<RichInline, 'bold' | 'italic' | 'href'>;

function push(into: RichInline[], text: string, style: Style): void {
  if (!text) return;
  const last = into.at(-1);
  if (last && last.bold === style.bold && last.italic === style.italic && last.href === style.href) {
    last.text += text;
    return;
  }
  into.push({ text, ...(style.bold && { bold: true }), ...(style.italic && { italic: true }), ...(style.href && { href: style.href }) });
}

function inlines(tokens: readonly Token[] | undefined, style: Style, into: RichInline[]): RichInline[] {
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        inlines((token as Tokens.Strong).tokens, { ...style, bold: true }, into);
        break;
      case 'em':
        inlines((token as Tokens.Em).tokens, { ...style, italic: true }, into);
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const href = !style.href && SAFE_HREF.test(link.href) ? link.href : style.href;
        inlines(link.tokens, { ...style, ...(href && { href }) }, into);
        break;
      }
      case 'br':
        push(into, '\n', style);
        break;
      case 'image':
        push(into, decode((token as Tokens.Image).text), style);
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens?.length) inlines(text.tokens, style, into);
        else push(into, decode(text.text), style);
        break;
      }
      case 'del':
        inlines((token as Tokens.Del).tokens, style, into);
        break;
      case 'html':
        // A tag written in the text is shown as written, as text.
        push(into, (token as Tokens.HTML).text, style);
        break;
      default:
        push(into, decode('text' in token && typeof token.text === 'string' ? token.text : token.raw), style);
    }
  }
  return into;
}

const plain = (runs: RichInline[]): string => runs.map((r) => r.text).join('');

function blocks(tokens: readonly Token[], into: RichBlock[]): RichBlock[] {
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'hr':
        break;
      case 'heading': {
        const heading = token as Tokens.Heading;
        const text = plain(inlines(heading.tokens, {}, [])).trim();
        if (text) into.push({ kind: 'heading', level: heading.depth <= 2 ? 2 : 3, text });
        break;
      }
      case 'paragraph': {
        const runs = inlines((token as Tokens.Paragraph).tokens, {}, []);
        if (plain(runs).trim()) into.push({ kind: 'paragraph', inlines: runs });
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        const items = list.items.map((item) => listItem(item.tokens)).filter((runs) => plain(runs).trim());
        if (items.length) into.push({ kind: 'list', ordered: list.ordered, items });
        break;
      }
      case 'blockquote':
        blocks((token as Tokens.Blockquote).tokens, into);
        break;
      default: {
        // Code, tables, HTML blocks: their text, as a paragraph.
        const text = decode('text' in token && typeof token.text === 'string' ? token.text : token.raw).trim();
        if (text) into.push({ kind: 'paragraph', inlines: [{ text }] });
      }
    }
  }
  return into;
}

/** A list item's text on one line: its paragraphs and any list inside it, one after the other. */
function listItem(tokens: readonly Token[]): RichInline[] {
  const runs: RichInline[] = [];
  for (const token of tokens) {
    if (runs.length) push(runs, ' ', {});
    if (token.type === 'text' || token.type === 'paragraph') inlines((token as Tokens.Text).tokens ?? [token], {}, runs);
    else if (token.type === 'list') for (const item of (token as Tokens.List).items) inlines(listItem(item.tokens).map(asText), {}, runs);
    else inlines([token], {}, runs);
  }
  return runs;
}
const asText = (run: RichInline): Token => ({ type: 'text', raw: run.text, text: run.text, escaped: false }) as Tokens.Text;

/** A formatted text's blocks (an empty text has none). */
export function richText(markdown: string): RichBlock[] {
  return blocks(Lexer.lex(markdown, { gfm: true }), []);
}
