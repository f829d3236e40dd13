import { QUOTE_DESK_MESSAGES, SERVER_ERRORS, SETTINGS_TEXT, TEAM_TEXT, UI_TEXT, VALIDATION } from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import arAdmin from '@agro/shared/locales/ar/admin.json';
import arApp from '@agro/shared/locales/ar/app.json';
import esAdmin from '@agro/shared/locales/es/admin.json';
import esApp from '@agro/shared/locales/es/app.json';
import es from '@agro/shared/locales/es/public.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arDesk from '@agro/shared/locales/ar/desk.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import esDesk from '@agro/shared/locales/es/desk.json';
import esMessages from '@agro/shared/locales/es/messages.json';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field';
import { loadAdminTexts, localizeMessage, setCatalogue } from '@/lib/i18n';

afterEach(() => {
  setCatalogue('en', en, enMessages, enApp, enAdmin);
});

describe('localizeMessage', () => {
  it('keeps every message English on an English page', () => {
    expect(localizeMessage(VALIDATION.invalidEmail)).toBe('Enter a valid email !');
    expect(localizeMessage(SERVER_ERRORS.invalidCredentials)).toBe('Invalid email or password');
  });

  it("gives the page language's text of a known message, the server's own words unchanged", () => {
    setCatalogue('ar', ar, arMessages, arApp);
    expect(localizeMessage(VALIDATION.invalidEmail)).toBe('أدخل بريدًا إلكترونيًا صحيحًا!');
    expect(localizeMessage(VALIDATION.quoteRequired.companyName)).toBe('اسم الشركة مطلوب');
    expect(localizeMessage(UI_TEXT.loginToContinue)).toBe('يُرجى تسجيل الدخول للمتابعة');
    expect(localizeMessage('Port of Jebel Ali is closed this week')).toBe('Port of Jebel Ali is closed this week');
  });

  it("knows the administrators' messages once their part is loaded, beside the buyers'", async () => {
    setCatalogue('ar', ar, arMessages, arDesk, arApp, arAdmin);
    await loadAdminTexts(); // what the screens call: it brings the English desk file the keys are found in
    expect(localizeMessage(TEAM_TEXT.invited)).toBe('تم إرسال الدعوة بنجاح');
    expect(localizeMessage(SETTINGS_TEXT.saved)).toBe('تم حفظ الإعدادات بنجاح');
    expect(localizeMessage(QUOTE_DESK_MESSAGES.unitPriceRequired)).toBe('سعر الوحدة مطلوب');
    expect(localizeMessage(VALIDATION.invalidEmail)).toBe('أدخل بريدًا إلكترونيًا صحيحًا!');
    setCatalogue('es', es, esMessages, esDesk, esApp, esAdmin);
    expect(localizeMessage(TEAM_TEXT.lastAdmin)).toBe('El último administrador nunca puede eliminarse');
  });

  it('falls back to English while the private screens’ texts are not loaded', () => {
    // A page that has its public part only: a catalogue of its own (setCatalogue keeps the parts
    // another test's page added to the one it made for the same files).
    setCatalogue('ar', { ...ar });
    expect(localizeMessage(VALIDATION.invalidEmail)).toBe(VALIDATION.invalidEmail);
  });

  it("shows a field's error in Arabic on an Arabic page", () => {
    setCatalogue('ar', ar, arMessages, arApp);
    render(
      <Field label="البريد الإلكتروني" error={VALIDATION.emailRequired}>
        <input />
      </Field>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('البريد الإلكتروني حقل مطلوب!');
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  });
});
