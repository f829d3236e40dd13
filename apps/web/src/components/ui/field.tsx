import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement, isValidElement } from 'react';
import { localizeMessage } from '@/lib/i18n';

interface FieldProps {
  label: string;
  /** The message to show under the field (react-hook-form's error message). */
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  /** One input/select/textarea: it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** A labelled form control with its error, wired for screen readers. */
export function Field({ label, error, required, hint, children, className }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={className}>
      {/* The asterisk sits outside the label so the field's accessible name is exactly `label`. */}
      <div className="mb-1 flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        {required && (
          <span className="text-sm text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {control}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {localizeMessage(error)}
        </p>
      )}
    </div>
  );
}
