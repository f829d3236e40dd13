import type { ReactNode } from 'react';

/**
 * What reads left to right on every page: a phone number, an e-mail address, a Latin code. Isolated
 * from the text around it, so on a right-to-left page its '+' and '@' stay where they belong.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
