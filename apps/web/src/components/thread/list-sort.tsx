import type { LeadSort } from '@agro/shared';
import { useCallback, useId } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '@/lib/i18n';

/**
 * A list's order, kept in the URL (`?sort=activity`, issue 40): newest first, or by last activity;
 * with `due` (the administrators' lead lists, issue 41) also `?sort=due`, the earliest due reply first.
 */
export function useListSort(due = false): [LeadSort, (sort: LeadSort) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('sort');
  const sort: LeadSort = asked === 'activity' || (due && asked === 'due') ? asked : 'created';
  const setSort = useCallback(
    (next: LeadSort) =>
      setParams((current) => {
        const changed = new URLSearchParams(current);
        if (next === 'created') changed.delete('sort');
        else changed.set('sort', next);
        changed.delete('page');
        return changed;
      }),
    [setParams],
  );
  return [sort, setSort];
}

/** The query-string part of a list's order for the API ('sort=due&'), nothing for newest first. */
export const sortQuery = (sort: LeadSort): string => (sort === 'created' ? '' : `sort=${sort}&`);

/** The lists' order chooser: newest first, latest activity (a message) first, and with `due` the earliest due reply first. */
export function SortSelect({ value, onChange, due = false }: { value: LeadSort; onChange: (sort: LeadSort) => void; due?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium text-gray-800">
        {t('conversation.sortLabel')}
      </label>
      <select
        id={id}
        className="input w-auto py-1.5"
        value={value}
        onChange={(e) => onChange(e.target.value === 'activity' || e.target.value === 'due' ? e.target.value : 'created')}
      >
        <option value="created">{t('conversation.sortCreated')}</option>
        <option value="activity">{t('conversation.sortActivity')}</option>
        {due && <option value="due">{t('leadFilters.sortDue')}</option>}
      </select>
    </div>
  );
}

/** Items by last activity, newest first (a list the buyer holds whole). */
export function byActivity<T extends { lastActivityAt?: string | undefined; createdAt?: string | undefined }>(items: T[]): T[] {
  const at = (x: T) => x.lastActivityAt ?? x.createdAt ?? '';
  return [...items].sort((a, b) => at(b).localeCompare(at(a)));
}
