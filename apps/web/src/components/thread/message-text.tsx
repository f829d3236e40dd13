import type { ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]}'"»]+$/;

/**
 * A message's text as text (never HTML): its web addresses become links, the rest stays as
 * written. The text keeps its own direction (`dir="auto"`): an English line on an Arabic page reads
 * left to right.
 */
export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-800 underline">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <p dir="auto" className="whitespace-pre-wrap break-words text-gray-900">
      {parts}
    </p>
  );
}
