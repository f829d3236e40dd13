import type { Assignee } from '@agro/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { Options, type OptionItem } from '@/components/ui/options';
import { errorMessage } from '@/lib/api';
import { localizeMessage, t } from '@/lib/i18n';
import { useAdministrators } from './use-administrators';

interface HandlingFormProps {
  /** A lead's owner, or null (the quote desk, the inquiry dialog); left out: no owner select (an order has a follow-up day only). */
  assignee?: Assignee | null;
  followUpOn: string | null | undefined;
  /** Sends the form (the caller's call, with its toast); rejects when the server refused. */
  onSave: (body: { assigneeId?: string | null; followUpOn: string | null }) => Promise<unknown>;
  /** The English message when a refusal carries none. */
  failure: string;
  headingLevel?: 2 | 3;
}

/** The owner select: the administrators, the signed-in one marked, 'Nobody' first. */
function OwnerField({ assignee, value, onChange }: { assignee: Assignee | null; value: string; onChange: (id: string) => void }) {
  const { admins, problem, myId } = useAdministrators(t('leadOwner.teamFailed'));
  const choices: OptionItem[] = (admins ?? []).map((a) => ({
    value: a._id,
    label: a._id === myId ? t('leadOwner.you', { name: a.fullName }) : a.fullName,
  }));
  // The owner stays a choice while the list is not there, or after they left the team.
  if (assignee && !choices.some((c) => c.value === assignee._id)) {
    choices.unshift({
      value: assignee._id,
      label: admins ? t('leadOwner.formerAdmin', { name: assignee.fullName }) : assignee.fullName,
    });
  }
  return (
    <Field label={t('leadOwner.owner')} hint={problem ? localizeMessage(problem) : undefined}>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <Options items={choices} blank={t('leadOwner.nobody')} />
      </select>
    </Field>
  );
}

/**
 * Who owns a lead and the day to come back to it (issue 41): the owner among the administrators
 * (the /team screen's list; 'Nobody' sends null) and a follow-up day (empty sends null). What was
 * chosen stays after a refusal, with the server's message; the saved answer replaces it.
 */
export function HandlingForm({ assignee, followUpOn, onSave, failure, headingLevel = 3 }: HandlingFormProps) {
  const [owner, setOwner] = useState(assignee?._id ?? '');
  const [day, setDay] = useState(followUpOn ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  // A saved answer (or the lead read again) shows as it now is.
  useEffect(() => setOwner(assignee?._id ?? ''), [assignee?._id]);
  useEffect(() => setDay(followUpOn ?? ''), [followUpOn]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const followUp = day || null;
      await onSave(assignee === undefined ? { followUpOn: followUp } : { assigneeId: owner || null, followUpOn: followUp });
    } catch (error) {
      setProblem(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={headingId} noValidate>
      <Heading id={headingId} className="text-base font-semibold text-gray-900">
        {assignee === undefined ? t('leadOwner.followUpHeading') : t('leadOwner.heading')}
      </Heading>
      <div
        className={`mt-3 grid gap-4 sm:items-end ${assignee === undefined ? 'sm:grid-cols-[minmax(0,1fr)_auto]' : 'sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]'}`}
      >
        {assignee !== undefined && <OwnerField assignee={assignee} value={owner} onChange={setOwner} />}
        <Field label={t('leadOwner.followUpOn')}>
          <input type="date" className="input" value={day} onChange={(e) => setDay(e.target.value)} />
        </Field>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t('leadOwner.save')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {localizeMessage(problem)}
        </p>
      )}
    </form>
  );
}
