import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { localizeMessage } from '@/lib/i18n';

interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** The visible label; may hold a link (e.g. to the terms). */
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

/** A labelled checkbox with its hint and error, wired for screen readers like <Field>. */
export function CheckboxField({ label, hint, error, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-gray-400 accent-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        <div>
          <label htmlFor={id} className="cursor-pointer text-sm font-medium text-gray-800">
            {label}
          </label>
          {hint && (
            <p id={hintId} className="text-xs text-gray-600">
              {hint}
            </p>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {localizeMessage(error)}
        </p>
      )}
    </div>
  );
}
