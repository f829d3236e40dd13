import type { Assignee } from '@agro/shared';
import { UserIcon } from '@/components/ui/icons';
import { formatDay } from '@/lib/format';
import { t } from '@/lib/i18n';

/** 'Owner: Asha Verma' or 'No owner', and the follow-up day when one is set: a lead's line in the administrators' lists (issue 41). */
export function OwnerLine({
  lead,
  className = '',
}: {
  lead: { assignee?: Assignee | null | undefined; followUpOn?: string | null | undefined };
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700 ${className}`}>
      <span className="inline-flex items-center gap-1.5">
        <UserIcon size={15} />
        {lead.assignee ? t('leadOwner.ownerLine', { name: lead.assignee.fullName }) : t('leadOwner.noOwner')}
      </span>
      {lead.followUpOn && <span>{t('leadOwner.followUpLine', { day: formatDay(lead.followUpOn) })}</span>}
    </p>
  );
}
