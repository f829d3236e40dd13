import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the URL (a view is a bookmark), named by `keys`, the same as the API's
 * query string: their values, the page, the query string (without the page), `set` (a filter or the
 * page; a filter change goes back to the first page) and `clear`.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>, [keys, params]);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useMemo(() => {
    const q = new URLSearchParams();
    for (const key of keys) if (values[key]) q.set(key, values[key]);
    return q.toString();
  }, [keys, values]);
  const set = useCallback(
    (key: K | 'page', value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value && !(key === 'page' && value === '1')) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      }),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { values, page, query, set, clear, active: keys.some((k) => values[k] !== '') };
}
