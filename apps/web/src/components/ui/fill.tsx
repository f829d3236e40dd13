import { Fragment, type ReactNode } from 'react';

/**
 * A translated text with elements in place of its placeholders: `fill(t('privacy.rightsText'),
 * { email: <a …/> })`. The text is asked for without that value, so i18next leaves '{{email}}' in
 * it, wherever the language puts it. No empty text is rendered (the server's HTML has none).
 */
export function fill(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text
    .split(/(\{\{\w+\}\})/)
    .filter((piece) => piece !== '')
    .map((piece, i) => {
      const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
      return <Fragment key={i}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
    });
}
