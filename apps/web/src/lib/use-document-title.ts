import { SITE } from '@agro/shared';
import { useEffect } from 'react';

/** Sets the tab title to "<title> | <company>" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | ${SITE.companyName}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
