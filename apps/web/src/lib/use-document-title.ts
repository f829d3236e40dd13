import { useEffect } from 'react';
import { t } from './i18n';

/** Sets the tab title to "<title> | <company>" (in the page's language) while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = t('head.titleOf', { name: title });
    return () => {
      document.title = previous;
    };
  }, [title]);
}
