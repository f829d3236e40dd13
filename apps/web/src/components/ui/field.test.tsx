import { QUOTE_DESK_MESSAGES, SERVER_ERRORS, SETTINGS_TEXT, TEAM_TEXT, UI_TEXT, VALIDATION } from '@agro/shared';
import ar from '@agro/shared/i18n/ar';
import arAdmin from '@agro/shared/i18n/ar-admin';
import arApp from '@agro/shared/i18n/ar-app';
import esAdmin from '@agro/shared/i18n/es-admin';
import esApp from '@agro/shared/i18n/es-app';
import es from '@agro/shared/i18n/es';
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

  it("knows the administrators' messages once their part is loaded, beside the buyers'", () => {
    setCatalogue('ar', { ...ar, ...arApp, ...arAdmin });
    setMessageSource(enApp.messages);
    setMessageSource(enAdmin.adminMessages, 'adminMessages');
    expect(localizeMessage(TEAM_TEXT.invited)).toBe('تم إرسال الدعوة بنجاح');
    expect(localizeMessage(SETTINGS_TEXT.saved)).toBe('تم حفظ الإعدادات بنجاح');
    expect(localizeMessage(QUOTE_DESK_MESSAGES.unitPriceRequired)).toBe('سعر الوحدة مطلوب');
    expect(localizeMessage(VALIDATION.invalidEmail)).toBe('أدخل بريدًا إلكترونيًا صحيحًا!');
    setCatalogue('es', { ...es, ...esApp, ...esAdmin });
    expect(localizeMessage(TEAM_TEXT.lastAdmin)).toBe('El último administrador nunca puede eliminarse');
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
