import { SERVER_ERRORS, UI_TEXT, VALIDATION } from '@agro/shared';
import ar from '@agro/shared/i18n/ar';
import arApp from '@agro/shared/i18n/ar-app';
import en from '@agro/shared/i18n/en';
import enAdmin from '@agro/shared/i18n/en-admin';
import enApp from '@agro/shared/i18n/en-app';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field';
import { localizeMessage, setCatalogue, setMessageSource } from '@/lib/i18n';

afterEach(() => {
  setCatalogue('en', { ...en, ...enApp, ...enAdmin });
});

describe('localizeMessage', () => {
  it('keeps every message English on an English page', () => {
    setMessageSource(enApp.messages);
    expect(localizeMessage(VALIDATION.invalidEmail)).toBe('Enter a valid email !');
    expect(localizeMessage(SERVER_ERRORS.invalidCredentials)).toBe('Invalid email or password');
  });

  it("gives the page language's text of a known message, the server's own words unchanged", () => {
    setCatalogue('ar', { ...ar, ...arApp });
    setMessageSource(enApp.messages);
    expect(localizeMessage(VALIDATION.invalidEmail)).toBe('أدخل بريدًا إلكترونيًا صحيحًا!');
    expect(localizeMessage(VALIDATION.quoteRequired.companyName)).toBe('اسم الشركة مطلوب');
    expect(localizeMessage(UI_TEXT.loginToContinue)).toBe('يُرجى تسجيل الدخول للمتابعة');
    expect(localizeMessage('Port of Jebel Ali is closed this week')).toBe('Port of Jebel Ali is closed this week');
  });

  it('falls back to English while the private screens’ texts are not loaded', () => {
    setCatalogue('ar', { ...ar });
    setMessageSource(enApp.messages);
    expect(localizeMessage(VALIDATION.invalidEmail)).toBe(VALIDATION.invalidEmail);
  });

  it("shows a field's error in Arabic on an Arabic page", () => {
    setCatalogue('ar', { ...ar, ...arApp });
    setMessageSource(enApp.messages);
    render(
      <Field label="البريد الإلكتروني" error={VALIDATION.emailRequired}>
        <input />
      </Field>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('البريد الإلكتروني حقل مطلوب!');
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  });
});
