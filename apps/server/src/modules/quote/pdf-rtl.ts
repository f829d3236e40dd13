/**
 * Right-to-left lines for the Arabic quotation (issue 28): pdfkit draws what it is given from left
 * to right, so each line is put in visual order here. The Unicode bidirectional algorithm (bidi-js)
 * gives every character its level; the line is cut into runs of one direction and one font, the
 * runs are placed from the right margin leftwards as the algorithm orders them, and:
 * - an Arabic run goes to the embedded Arabic font in its logical order: fontkit shapes it (joining
 *   forms, lam-alef) and lays it out right to left itself;
 * - every other run (Latin words, digits, codes, punctuation) is drawn in Helvetica, which the
 *   Arabic font (its Arabic subset) lacks the glyphs for, left to right, with mirrored brackets
 *   where the run is right to left.
 * Each word is drawn on its own, so `pdftotext` sees the spaces and reads the Arabic words back
 * (the font, Amiri, has one glyph per letter form: pdfkit's glyph-to-letter map then holds; a font
 * that draws the dots as marks on shared letter bodies, Noto's, reads back with letters swapped).
 */
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** What the Arabic font draws: the Arabic blocks (its subset), joiners included. */
const ARABIC = /[\u0600-\u061B\u061D-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFC]|\u200C|\u200D/;
/** Invisible direction marks (Intl puts some in Arabic amounts): they steer the algorithm, nothing is drawn. */
const MARK = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Spaces: the gap between two runs. */
const SPACE = /[\u0020\u00A0\u2007\u2009\u202F]/;

export interface RtlFonts {
  arabic: string;
  latin: string;
}

interface Layout {
  /** In visual order, left to right: a run's text and font, or a space. */
  pieces: ({ text: string; font: string; width: number } | { space: number })[];
  width: number;
}

type PdfDoc = PDFKit.PDFDocument;

/** The runs of one line (no line breaks inside) in visual order, measured at the current font size. */
function layoutLine(doc: PdfDoc, line: string, fonts: RtlFonts, latin: (s: string) => string): Layout {
  const embedding = bidi.getEmbeddingLevels(line, 'rtl');
  const order = bidi.getReorderedIndices(line, embedding);
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const kind = (i: number) => {
    const ch = line[i]!;
    return MARK.test(ch) ? 'mark' : SPACE.test(ch) ? 'space' : ARABIC.test(ch) ? 'arabic' : 'latin';
  };

  const runs: { kind: 'arabic' | 'latin' | 'space'; indices: number[] }[] = [];
  for (const i of order) {
    const k = kind(i);
    if (k === 'mark') continue;
    const last = runs.at(-1);
    const joins =
      last &&
      last.kind === k &&
      k !== 'space' &&
      // An Arabic run is one logical stretch (fontkit orders it): its characters come right to left.
      (k === 'latin' || last.indices.at(-1) === i + 1);
    if (joins) last.indices.push(i);
    else runs.push({ kind: k, indices: [i] });
  }

  doc.font(fonts.latin);
  const space = doc.widthOfString(' ');
  const pieces: Layout['pieces'] = runs.map((run) => {
    if (run.kind === 'space') return { space };
    const text =
      run.kind === 'arabic'
        ? line.slice(Math.min(...run.indices), Math.max(...run.indices) + 1)
        : latin(run.indices.map((i) => mirrored.get(i) ?? line[i]).join(''));
    const font = run.kind === 'arabic' ? fonts.arabic : fonts.latin;
    doc.font(font);
    return { text, font, width: doc.widthOfString(text) };
  });
  return { pieces, width: pieces.reduce((sum, p) => sum + ('space' in p ? p.space : p.width), 0) };
}

/** `text`'s lines within `width` (words kept whole; a word longer than the line stands alone). */
function wrap(doc: PdfDoc, text: string, fonts: RtlFonts, latin: (s: string) => string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(' ').filter((w) => w !== '')) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && layoutLine(doc, candidate, fonts, latin).width > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    lines.push(current);
  }
  return lines;
}

/**
 * Draws `text` right to left, right-aligned in [x, x + width] from `y` (the top of the first
 * line), at the document's current font size and colour; returns the bottom of the last line.
 */
export function rtlText(
  doc: PdfDoc,
  text: string,
  fonts: RtlFonts,
  latin: (s: string) => string,
  box: { x: number; y: number; width: number; size: number },
): number {
  doc.fontSize(box.size);
  const lineHeight = box.size * 1.5;
  let top = box.y;
  for (const line of wrap(doc, text, fonts, latin, box.width)) {
    const { pieces, width } = layoutLine(doc, line, fonts, latin);
    let x = box.x + box.width - width;
    const baseline = top + box.size * 1.1;
    for (const piece of pieces) {
      if ('space' in piece) {
        x += piece.space;
        continue;
      }
      doc.font(piece.font).text(piece.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      x += piece.width;
    }
    top += lineHeight;
  }
  return top;
}
