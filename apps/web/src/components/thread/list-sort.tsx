import type { ListSort } from '@agro/shared';
import { useCallback, useId } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '@/lib/i18n';

/** A list's order, kept in the URL (`?sort=activity`, issue 40): newest first, or by last activity. */
export function useListSort(): [ListSort, (sort: ListSort) => void] {
  const [params, setParams] = useSearchParams();
  const sort: ListSort = params.get('sort') === 'activity' ? 'activity' : 'created';
  const setSort = useCallback(
    (next: ListSort) =>
      setParams((current) => {
        const changed = new URLSearchParams(current);
        if (next === 'activity') changed.set('sort', 'activity');
        else changed.delete('sort');
        changed.delete('page');
        return changed;
      }),
    [setParams],
  );
  return [sort, setSort];
}

/** The lists' order chooser: newest first, or latest activity (a message) first. */
export function SortSelect({ value, onChange }: { value: ListSort; onChange: (sort: ListSort) => void }) {
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
        onChange={(e) => onChange(e.target.value === 'activity' ? 'activity' : 'created')}
      >
        <option value="created">{t('conversation.sortCreated')}</option>
        <option value="activity">{t('conversation.sortActivity')}</option>
      </select>
    </div>
  );
}

/** Items by last activity, newest first (a list the buyer holds whole). */
export function byActivity<T extends { lastActivityAt?: string | undefined; createdAt?: string | undefined }>(items: T[]): T[] {
  const at = (x: T) => x.lastActivityAt ?? x.createdAt ?? '';
  return [...items].sort((a, b) => at(b).localeCompare(at(a)));
}
