import { formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';

/** A list item's unread messages (issue 40), shown only when there are some. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-brand-800 px-2 py-0.5 text-xs font-bold text-white">
      {t('conversation.unread', { count, n: formatNumber(count) })}
    </span>
  );
}
