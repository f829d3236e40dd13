import { useSiteSettings } from '@/store/store';
import { t } from '@/lib/i18n';
import { ClockIcon } from './icons';

/**
 * 'Usually replies within N hours' (issue 41): the company's first-reply time of the last 90 days,
 * computed by the server at most hourly and only when at least 10 leads were answered and the
 * figure is at most 24 hours (and the owner shows it: settings' showReplyTime); nothing otherwise.
 * Part of the public settings, so the server's page and the app show the same.
 */
export function ReplyTime({ className = '' }: { className?: string }) {
  const hours = useSiteSettings().replyTimeHours;
  if (hours === null || hours === undefined) return null;
  return (
    <p className={`flex items-center gap-2 text-sm text-gray-700 ${className}`}>
      <ClockIcon size={16} className="shrink-0 text-brand-700" />
      {t('site.usuallyReplies', { count: hours })}
    </p>
  );
}
