import type { ReactNode } from 'react';

/**
 * What reads left to right on every page: a phone number, an e-mail address, a Latin code. Isolated
 * from the text around it, so on a right-to-left page its '+' and '@' stay where they belong.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** Where a left-to-right value goes in a translated text: t('key', { value: LTR_SLOT }), then withLtr. */
export const LTR_SLOT = '\u0000';

/** `text` with its LTR_SLOT replaced by `value` isolated left to right (a dial code, a phone number in a hint). */
export function withLtr(text: string, value: string) {
  const [before = '', after = ''] = text.split(LTR_SLOT);
  return (
    <>
      {before}
      <Ltr>{value}</Ltr>
      {after}
    </>
  );
}
