import { useState, type ComponentPropsWithRef } from 'react';
import { EyeIcon } from './icons';
import { EyeOffIcon } from './icons';
import { t } from '@/lib/i18n';

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/**
 * A password input with a Show/Hide toggle. Put it inside <Field>: the id and aria attributes
 * Field adds land on the input. The toggle's name is "Show"/"Hide" (not "Show password") so a
 * label lookup for "Password" finds only the input.
 */
export function PasswordInput({ className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        spellCheck={false}
        className={`input pe-20  ${className ?? ''}`}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-controls={props.id}
        className="absolute inset-y-1 end-1 inline-flex items-center gap-1 rounded-md px-2 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {visible ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
        {visible ? t('auth.hide') : t('auth.show')}
      </button>
    </div>
  );
}
