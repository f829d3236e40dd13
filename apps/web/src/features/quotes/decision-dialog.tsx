import { OFFER_LIMITS } from '@agro/shared';
import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { t } from '@/lib/i18n';

interface DecisionDialogProps {
  open: boolean;
  /** The question, e.g. 'Do you want to accept this offer?'. */
  title: string;
  /** What is being decided, in words (quotation number, amount, terms). */
  summary: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

/** Confirmation of the buyer's accept / decline, with an optional note for the company. */
export function DecisionDialog({
  open,
  title,
  summary,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: DecisionDialogProps) {
  const [note, setNote] = useState('');
  const noteId = useId();
  useEffect(() => {
    if (open) setNote('');
  }, [open]);
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself when it opens (WAI-ARIA dialog pattern) */}
          <button type="button" className="btn-secondary" onClick={onCancel} autoFocus>
            {t('nav.cancel')}
          </button>
          <button type="button" className={danger ? 'btn-danger' : 'btn-primary'} disabled={busy} onClick={() => onConfirm(note.trim())}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="text-sm text-gray-700">{summary}</p>
      <label htmlFor={noteId} className="mt-4 block text-sm font-medium text-gray-800">
        {t('decision.note')}
      </label>
      <textarea
        id={noteId}
        className="input mt-1"
        rows={3}
        maxLength={OFFER_LIMITS.decisionNoteMax}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
    </Dialog>
  );
}
