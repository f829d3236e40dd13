/**
 * The texts the owner wrote for a page (issue 43, item 3), as the page shows them: from the
 * server's snapshot on the page it rendered (so the first render matches its HTML), fetched in the
 * page's language when the app draws the page itself. `data` is null while the page reads as the
 * original texts (the message files'), `loading` true until that is known.
 */
import { PAGES_API, splitLanguage, type OwnerPage, type OwnerPageData } from '@agro/shared';
import { useEffect, useState } from 'react';
import { useAppSelector } from '@/store/store';
import { API_BASE_URL } from '@/lib/config';
import { pageLanguage } from '@/lib/i18n';

const ROUTES: Record<OwnerPage, string> = { home: '/', about: '/about', privacy: '/privacy', terms: '/terms' };
/** What was fetched this visit, per page and language (null: the original). */
const fetched = new Map<string, Promise<OwnerPageData | null>>();

function load(page: OwnerPage, language: string): Promise<OwnerPageData | null> {
  const key = `${page}:${language}`;
  let loading = fetched.get(key);
  if (!loading) {
    loading = fetch(`${API_BASE_URL}${PAGES_API.ownerPage(page)}?lang=${language}`, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ page: OwnerPageData }>) : Promise.reject(new Error(String(res.status)))))
      .then(({ page: data }) => (data.updatedAt ? data : null))
      // Unreachable: the original texts, and another try next time.
      .catch(() => {
        fetched.delete(key);
        return null;
      });
    fetched.set(key, loading);
  }
  return loading;
}

export function useOwnerPage<P extends OwnerPage>(page: P): { data: OwnerPageData<P> | null; loading: boolean } {
  const snapshot = useAppSelector((s) => s.serverSnapshot);
  const language = pageLanguage();
  const rendered =
    snapshot.url !== '' && snapshot.language === language && splitLanguage(snapshot.url.split('?')[0]!).path === ROUTES[page];
  const [state, setState] = useState<{ data: OwnerPageData | null; loading: boolean }>(() =>
    rendered ? { data: snapshot.ownerPage, loading: false } : { data: null, loading: true },
  );
  useEffect(() => {
    if (rendered) return;
    let live = true;
    void load(page, language).then((data) => live && setState({ data, loading: false }));
    return () => {
      live = false;
    };
  }, [page, language, rendered]);
  return state as { data: OwnerPageData<P> | null; loading: boolean };
}
