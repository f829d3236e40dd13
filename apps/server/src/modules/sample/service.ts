/**
 * Sample requests' state changes. A request is written in one transaction with its limits checked
 * in it; each step is one transaction whose UPDATE names the statuses it may follow, so of two
 * racing requests exactly one wins and the other gets a 409 having changed nothing (the pattern
 * of orders and the quote desk). Every change is audited, mails the buyer (queued in the
 * transaction) and is told to the webhooks (`sample.changed`).
 */
import {
  OPEN_SAMPLE_STATUSES,
  SAMPLE_STEP_FROM,
  SAMPLE_TEXT as M,
  sampleLimitIssue,
  sampleMonthlyMessage,
  sampleNotNowMessage,
  sampleOpenMessage,
  type Courier,
  type Sample,
  type SampleAddData,
  type SampleSettings,
  type SampleStatus,
  type SampleStep,
} from '@agro/shared';
import type { Db, DbOrTx } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { queueMail, type QueuedMail } from '../../mail/mailer.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { countUserSamplesSince, findSample, nextSampleNumber, openSampleProduct, queueSampleChanged } from './repository.js';

const DAY_MS = 86_400_000;
/** The monthly limit counts the requests of the last 30 days. */
export const SAMPLE_MONTH_DAYS = 30;

export interface SampleActor {
  user: { _id: string; email: string; fullName: string };
  audit: AuditActor;
  /** The mails reaching `status` causes (`FEEDBACK`: the buyer's rating arrived), queued in its transaction. */
  mails: (sample: Sample, status: SampleStatus | 'FEEDBACK') => QueuedMail[];
}

async function finish(tx: DbOrTx, id: string, status: SampleStatus, by: SampleActor, at: string): Promise<Sample> {
  await queueSampleChanged(tx, id, { status, at });
  const sample = await findSample(tx, id);
  if (!sample) throw notFound(M.notFound);
  for (const mail of by.mails(sample, status)) await queueMail(tx, mail);
  return sample;
}

/**
 * A buyer's new request: the products must be on the site, within the settings' limits, none of
 * them in another open request of theirs, and at most `maxPerMonth` requests in 30 days.
 */
export async function addSample(
  db: Db,
  input: SampleAddData,
  limits: SampleSettings,
  by: SampleActor,
  nowMs = Date.now(),
): Promise<Sample> {
  const limit = sampleLimitIssue(input, limits);
  if (limit) throw badRequest(limit.message, { [limit.field]: limit.message });
  const now = nowIso(nowMs);
  const productIds = input.items.map((i) => i.productId);
  return db.transaction().execute(async (tx) => {
    await markApplied(tx);
    // One buyer's requests one at a time: the write takes the account's row lock (PostgreSQL; SQLite
    // has one writer), so two racing requests cannot both pass the limits below.
    await tx.updateTable('users').set({ id: by.user._id }).where('id', '=', by.user._id).execute();
    const products = await tx.selectFrom('products').select(['id', 'product_name']).where('id', 'in', productIds).execute();
    const missing = productIds.find((id) => !products.some((p) => p.id === id));
    if (missing) throw badRequest(M.productNotFound, { items: M.productNotFound });
    const open = await openSampleProduct(tx, by.user._id, productIds, OPEN_SAMPLE_STATUSES);
    if (open) throw conflict(sampleOpenMessage(open));
    const recent = await countUserSamplesSince(tx, by.user._id, nowIso(nowMs - SAMPLE_MONTH_DAYS * DAY_MS));
    if (recent >= limits.maxPerMonth) throw conflict(sampleMonthlyMessage(limits.maxPerMonth));
    const id = newId(nowMs);
    await tx
      .insertInto('samples')
      .values({
        id,
        number: await nextSampleNumber(tx, Number(now.slice(0, 4))),
        user_id: by.user._id,
        status: 'REQUESTED',
        contact_name: by.user.fullName,
        account_email: by.user.email,
        company_name: input.companyName,
        country: input.country,
        address: input.address,
        shipping: input.shipping,
        account_courier: input.courier ?? null,
        account_number: input.accountNumber ?? null,
        note: input.note,
        created_at: now,
        status_changed_at: now,
      })
      .execute();
    await tx
      .insertInto('sample_items')
      .values(
        input.items.map((item, position) => ({
          sample_id: id,
          position,
          product_id: item.productId,
          product_name: products.find((p) => p.id === item.productId)!.product_name,
          grams: item.grams,
        })),
      )
      .execute();
    await recordAudit(tx, by.audit, {
      action: 'create',
      entityType: 'sample',
      entityId: id,
      after: { status: 'REQUESTED', items: input.items.map((i) => `${i.productId}:${i.grams}`).join(', '), shipping: input.shipping },
    });
    return finish(tx, id, 'REQUESTED', by, now);
  });
}

export type SampleChange =
  | { step: 'approve' }
  | { step: 'decline'; reason: string }
  | { step: 'dispatch'; courier: Courier; trackingNumber: string }
  | { step: 'delivered' }
  | { step: 'feedback'; rating: number; note: string };

const STATUS_OF: Record<Exclude<SampleStep, 'feedback'>, SampleStatus> = {
  approve: 'APPROVED',
  decline: 'DECLINED',
  dispatch: 'DISPATCHED',
  delivered: 'DELIVERED',
};

/**
 * One step of a request. 409 when its status does not allow the step (or feedback was given);
 * `ownerId`: only this buyer's request (the buyer's own steps).
 */
export async function changeSample(
  db: Db,
  id: string,
  change: SampleChange,
  by: SampleActor,
  ownerId?: string,
  nowMs = Date.now(),
): Promise<Sample> {
  const now = nowIso(nowMs);
  const from: readonly SampleStatus[] = SAMPLE_STEP_FROM[change.step];
  return db.transaction().execute(async (tx) => {
    await markApplied(tx);
    const before = await tx.selectFrom('samples').select(['status', 'feedback_at']).where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(M.notFound);
    let update = tx
      .updateTable('samples')
      .where('id', '=', id)
      .where('status', 'in', [...from]);
    if (ownerId !== undefined) update = update.where('user_id', '=', ownerId);
    if (change.step === 'feedback') {
      update = update
        .where('feedback_at', 'is', null)
        .set({ feedback_rating: change.rating, feedback_note: change.note, feedback_at: now });
    } else {
      const status = STATUS_OF[change.step];
      update = update.set({
        status,
        status_changed_at: now,
        ...(change.step === 'decline' ? { decline_reason: change.reason } : {}),
        ...(change.step === 'dispatch'
          ? { dispatch_courier: change.courier, tracking_number: change.trackingNumber, dispatched_at: now }
          : {}),
        ...(change.step === 'delivered' ? { delivered_at: now } : {}),
      });
    }
    const updated = await update.returning('id').executeTakeFirst();
    if (!updated) {
      if (change.step === 'feedback' && before.status === 'DELIVERED' && before.feedback_at) throw conflict(M.feedbackTwice);
      throw conflict(sampleNotNowMessage(before.status));
    }
    const { step, ...details } = change;
    await recordAudit(tx, by.audit, {
      action: 'update',
      entityType: 'sample',
      entityId: id,
      before: { status: before.status },
      after: { status: step === 'feedback' ? before.status : STATUS_OF[step], ...details },
    });
    if (step === 'feedback') {
      await queueSampleChanged(tx, id, { status: before.status, at: now });
      const sample = await findSample(tx, id);
      if (!sample) throw notFound(M.notFound);
      for (const mail of by.mails(sample, 'FEEDBACK')) await queueMail(tx, mail);
      return sample;
    }
    return finish(tx, id, STATUS_OF[step], by, now);
  });
}
