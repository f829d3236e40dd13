/**
 * A lead's reply is due soon (issue 41, item 3): `reminders.leadDueHoursBefore` hours before a lead
 * is due, while nobody has answered it, its assignee (an administrator) gets one mail; a lead with
 * no assignee, or one whose assignee is no longer an administrator, reminds the notification
 * address. Claimed per lead (`due_reminded_at`) in the transaction that queues the mail.
 */
import { nowIso } from '../../db/mappers.js';
import { queueMail } from '../../mail/mailer.js';
import type { ScheduledJob } from '../../scheduler/scheduler.js';
import { administrators, type ReminderContext } from './context.js';
import { claimLeadReminder, dueLeadsForReminder } from './leads.js';
import { leadDueMail } from './mails.js';

export function leadDueReminders(ctx: ReminderContext): ScheduledJob {
  return {
    name: 'lead-due-reminders',
    async run(nowMs) {
      const settings = await ctx.settings();
      const hours = settings.reminders.leadDueHoursBefore;
      if (hours === 0) return 0;
      const now = nowIso(nowMs);
      const leads = await dueLeadsForReminder(ctx.db, now, nowIso(nowMs + hours * 3_600_000));
      if (leads.length === 0) return 0;
      const admins = await administrators(ctx.db);
      const place = { baseUrl: ctx.baseUrl, timeZone: settings.businessHours.timeZone };
      let queued = 0;
      for (const lead of leads) {
        const assignee = lead.assigneeId === null ? undefined : admins.get(lead.assigneeId);
        const to = assignee?.email ?? settings.notificationEmail;
        const sent = await ctx.db.transaction().execute(async (tx) => {
          if (!(await claimLeadReminder(tx, lead, now))) return false;
          await queueMail(tx, { ...leadDueMail(to, lead, assignee?.fullName, nowMs, place), event: `lead-due:${lead.kind}:${lead.id}` });
          return true;
        });
        if (sent) queued += 1;
      }
      return queued;
    },
  };
}
