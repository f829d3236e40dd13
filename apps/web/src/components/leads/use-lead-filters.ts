import { LEAD_FILTER_KEYS, type LeadFilterKey } from '@agro/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type LeadFilterValues = Record<LeadFilterKey, string>;

/**
 * The filters of a lead list, kept in the URL (?country=Spain&page=2) so a filtered view can be
 * bookmarked, shared and restored with Back. The same keys are the API's query parameters.
 */
export function useLeadFilters() {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => Object.fromEntries(LEAD_FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as LeadFilterValues, [params]);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  /** Change some filters; the list goes back to its first page. */
  const setFilters = useCallback(
    (changes: Partial<LeadFilterValues>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  const setPage = useCallback(
    (p: number) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  /** The filters as an API query string (without page), e.g. "country=Spain&q=foods". */
  const query = useMemo(() => {
    const q = new URLSearchParams();
    for (const key of LEAD_FILTER_KEYS) if (values[key]) q.set(key, values[key]);
    return q.toString();
  }, [values]);

  const active = LEAD_FILTER_KEYS.some((k) => values[k] !== '');
  return { values, page, query, active, setFilters, setPage, clear };
}
