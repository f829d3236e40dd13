import {
  HANDLING_TEXT,
  SETTINGS_TEXT,
  applySettingsPatch,
  offerToday,
  publicSettings,
  settingsMessageOrder,
  settingsPatchSchema,
  settingsResponseSchema,
  SETTING_KEYS,
  type SiteSettings,
} from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nowIso } from '../../db/mappers.js';
import { badRequest } from '../../lib/errors.js';
import { findAdmin } from '../assignment/index.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { PRIVATE_CACHE_CONTROL } from '../../speed/edge.js';
import { loadSession, requireRole } from '../../plugins/auth.js';
import { readSettings, writeSettings } from './repository.js';
import { settingsReader } from './service.js';

const tags = ['settings'];

/** /api/v1/settings: the company's details, read by anyone (the public part), changed by an ADMIN. */
export default async function settingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The site settings: the public part (never the bank details) to anyone, all of them to an ADMIN',
        response: replies(settingsResponseSchema, []),
      },
    },
    async (request, reply) => {
      const settings = await app.siteSettings();
      const replyTimeHours = await app.replyTime.hours();
      const user = await loadSession(request, reply);
      // An administrator gets more than anyone else: never kept by a shared cache (speed/edge.ts).
      reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      return {
        success: true,
        message: SETTINGS_TEXT.fetched,
        settings:
          user?.role === 'ADMIN'
            ? { ...settings, replyTimeHours: settings.showReplyTime ? replyTimeHours : null }
            : publicSettings(settings, offerToday(), replyTimeHours),
      };
    },
  );

  app.patch(
    '/',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary: 'Change any subset of the settings (admin); answers all of them',
        body: specInput(settingsPatchSchema, settingsMessageOrder),
        response: replies(settingsResponseSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      // A new assignment rule names an administrator (checked here: the schema cannot read the
      // accounts). A rule already stored whose administrator was removed since is kept (the rule
      // skips it), so the settings form, which sends everything back, still saves.
      const stored = new Set((await app.siteSettings()).assignment.rules.map((r) => r.assigneeId));
      for (const rule of request.body.assignment?.rules ?? []) {
        if (stored.has(rule.assigneeId) || (await findAdmin(app.db, rule.assigneeId))) continue;
        throw badRequest(HANDLING_TEXT.assignmentAssignee, { assignment: HANDLING_TEXT.assignmentAssignee });
      }
      const settings = await app.db.transaction().execute(async (tx) => {
        const before = await readSettings(tx, app.config.companyEmail);
        const after = applySettingsPatch(before, request.body);
        const changed: Partial<SiteSettings> = {};
        for (const key of SETTING_KEYS) {
          if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) Object.assign(changed, { [key]: after[key] });
        }
        await writeSettings(tx, changed, nowIso());
        await recordAudit(tx, actorOf(request.user!), {
          action: 'update',
          entityType: 'settings',
          entityId: 'site',
          before: { ...before },
          after: { ...after },
        });
        return after;
      });
      // The reply time is computed again on a settings change (issue 41); publicSettings applies showReplyTime.
      await app.replyTime.refresh();
      const replyTimeHours = settings.showReplyTime ? await app.replyTime.hours() : null;
      return { success: true, message: SETTINGS_TEXT.saved, settings: { ...settings, replyTimeHours } };
    },
  );
}

export { settingsReader };
