import {
  API,
  COUNTRY_CODES,
  ERROR_DEFAULTS,
  FORM_MIN_FILL_MS,
  SERVER_ERRORS,
  SUCCESS,
  RESET_MAIL_SENT_KEY,
  UI_TEXT,
  VALIDATION as V,
} from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import arApp from '@agro/shared/locales/ar/app.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from '@/lib/i18n';
import { atLeast, byLabel, callsTo, expectLoggedErrors, renderRoute, stubFetch, TEST_USER } from '@/test/render-harness';

type User = ReturnType<typeof renderRoute>['user'];

async function chooseCountry(user: User, name: string) {
  const iso = COUNTRY_CODES.find((c) => c.name === name)?.iso ?? '';
  await user.selectOptions(byLabel('Country'), iso);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('register', () => {
  it('shows every required message on an empty submit and sends nothing', async () => {
    const calls = stubFetch({});
    const { user } = renderRoute('/register');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    for (const m of [V.fullNameRequired, V.emailRequired, V.countryRequired, V.phoneRequired, V.passwordRequired]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
    expect(callsTo(calls, 'POST', API.register)).toHaveLength(0);
  });

  it('shows the short-name, email, phone and weak-password messages', async () => {
    stubFetch({});
    const { user } = renderRoute('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await user.type(byLabel('Full Name'), 'Asha');
    await user.type(byLabel('Email'), 'asha@example');
    await chooseCountry(user, 'India');
    await user.type(byLabel('Phone Number'), '123');
    await user.type(byLabel('Password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(V.fullNameMin)).toBeInTheDocument();
    expect(screen.getByText(V.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(V.invalidPhone)).toBeInTheDocument();
    expect(screen.getByText(V.strongPassword)).toBeInTheDocument();
    // A failed submit keeps what was typed.
    expect(byLabel('Full Name')).toHaveValue('Asha');
  });

  it('sends the phone as "+CC-number", then asks to log in on /login with the form cleared', async () => {
    const calls = stubFetch({ [`POST ${API.register}`]: { status: 201, body: { success: true, message: SUCCESS.register } } });
    const { user, router } = renderRoute('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await user.type(byLabel('Full Name'), 'Asha Verma');
    await user.type(byLabel('Email'), 'asha@example.com');
    await chooseCountry(user, 'UAE');
    await user.type(byLabel('Phone Number'), '501234567');
    await user.type(byLabel('Password'), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(callsTo(calls, 'POST', API.register)).toEqual([
      {
        method: 'POST',
        path: API.register,
        body: {
          fullName: 'Asha Verma',
          email: 'asha@example.com',
          password: 'Secret@123',
          phoneNumber: '+971-501234567',
          fillMs: atLeast(FORM_MIN_FILL_MS.register),
        },
      },
    ]);
    expect(await screen.findByText(UI_TEXT.loginToProceed)).toBeInTheDocument();
  });

  it('keeps the form after a server error and shows its message', async () => {
    expectLoggedErrors();
    stubFetch({ [`POST ${API.register}`]: { status: 409, body: { success: false, message: SERVER_ERRORS.emailTaken } } });
    const { user, router } = renderRoute('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await user.type(byLabel('Full Name'), 'Asha Verma');
    await user.type(byLabel('Email'), 'asha@example.com');
    await chooseCountry(user, 'India');
    await user.type(byLabel('Phone Number'), '9876543210');
    await user.type(byLabel('Password'), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(SERVER_ERRORS.emailTaken)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(byLabel('Email')).toHaveValue('asha@example.com');
  });

  it('offers the ten countries with name and dial code, and draws the chosen flag inline', async () => {
    stubFetch({});
    const { user } = renderRoute('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    const select = byLabel('Country');
    expect(select).toHaveRole('combobox');
    const options = within(select).getAllByRole('option').slice(1);
    expect(options.map((o) => o.textContent)).toEqual(COUNTRY_CODES.map((c) => `${c.name} (${c.dialCode})`));
    await user.selectOptions(select, 'JP');
    expect(select).toHaveValue('JP');
    // The dial code sits in its own left-to-right isolate (components/ui/ltr.tsx); the hint reads as before.
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Your number without +81')).toBeInTheDocument();
    // Flags are drawn inline: no image is loaded from anywhere.
    const picker = select.parentElement as HTMLElement;
    expect(picker.querySelector('svg[data-flag="JP"]')).not.toBeNull();
    expect(picker.querySelector('img')).toBeNull();
  });

  it('lets the password be shown and hidden', async () => {
    stubFetch({});
    const { user } = renderRoute('/register');
    const input = await screen.findByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('login', () => {
  it('shows the required, invalid-email and invalid-password messages', async () => {
    const calls = stubFetch({});
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(V.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(V.passwordRequired)).toBeInTheDocument();
    await user.type(byLabel('Email'), 'not-an-email');
    await user.type(byLabel('Password'), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(V.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(V.invalidPassword)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', API.login)).toHaveLength(0);
  });

  it('logs in and goes home; links to register and forgot password', async () => {
    const calls = stubFetch({
      [`POST ${API.login}`]: { body: { success: true, message: SUCCESS.login, user: TEST_USER } },
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
    });
    const { user, router, store } = renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await user.type(byLabel('Email'), 'asha@example.com');
    await user.type(byLabel('Password'), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(calls, 'POST', API.login)[0]).toEqual({
      method: 'POST',
      path: API.login,
      body: { email: 'asha@example.com', password: 'Secret@123', fillMs: atLeast(FORM_MIN_FILL_MS.login) },
    });
    expect(store.getState().auth.isLoggedIn).toBe(true);
  });

  it('stays on the page after a failed login', async () => {
    expectLoggedErrors();
    stubFetch({ [`POST ${API.login}`]: { status: 401, body: {} } });
    const { user, router } = renderRoute('/login');
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'asha@example.com');
    await user.type(byLabel('Password'), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(ERROR_DEFAULTS.login)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('forgot password', () => {
  it('shows its messages, then the sent state until Resend Email', async () => {
    const calls = stubFetch({ [`POST ${API.forgotPassword}`]: { body: { success: true, message: SUCCESS.forgotPassword } } });
    const { user } = renderRoute('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(V.forgotEmailRequired)).toBeInTheDocument();
    await user.type(byLabel('Email'), 'asha@example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(V.forgotInvalidEmail)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', API.forgotPassword)).toHaveLength(0);

    await user.clear(byLabel('Email'));
    await user.type(byLabel('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(UI_TEXT.resetLinkSent)).toBeInTheDocument();
    expect(localStorage.getItem(RESET_MAIL_SENT_KEY)).toBe('true');
    expect(callsTo(calls, 'POST', API.forgotPassword)[0]?.body).toEqual({
      email: 'asha@example.com',
      fillMs: atLeast(FORM_MIN_FILL_MS['forgot-password']),
    });

    await user.click(screen.getByRole('button', { name: UI_TEXT.resendEmail }));
    expect(localStorage.getItem(RESET_MAIL_SENT_KEY)).toBeNull();
    expect(byLabel('Email')).toBeInTheDocument();
  });

  it('remembers the flag across visits', async () => {
    localStorage.setItem(RESET_MAIL_SENT_KEY, 'true');
    stubFetch({});
    renderRoute('/forgot-password');
    expect(await screen.findByText(UI_TEXT.resetLinkSent)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('shows the mismatch and weak-password messages', async () => {
    const calls = stubFetch({});
    const { user } = renderRoute('/reset-password/tok123');
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(V.resetNewPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(V.confirmPasswordRequired)).toBeInTheDocument();
    await user.type(byLabel('New Password'), 'Secret@123');
    await user.type(byLabel('Confirm New Password'), 'Secret@124');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(V.passwordMismatch)).toBeInTheDocument();
    await user.clear(byLabel('New Password'));
    await user.type(byLabel('New Password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(V.strongPassword)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('sends the password with the token, clears auth and goes to /login after 2000 ms', async () => {
    localStorage.setItem('isLoggedIn', 'true');
    const calls = stubFetch({ [`PATCH ${API.resetPassword('tok123')}`]: { body: { success: true, message: 'ok' } } });
    const { user, router, store } = renderRoute('/reset-password/tok123');
    await user.type(await screen.findByLabelText(/^New Password/), 'Secret@123');
    await user.type(byLabel('Confirm New Password'), 'Secret@123');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(UI_TEXT.redirectingToLogin)).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', API.resetPassword('tok123'))[0]).toEqual({
      method: 'PATCH',
      path: API.resetPassword('tok123'),
      body: { password: 'Secret@123', fillMs: atLeast(FORM_MIN_FILL_MS['reset-password']) },
    });
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(router.state.location.pathname).toBe('/reset-password/tok123');
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(router.state.location.pathname).toBe('/reset-password/tok123');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('login in Arabic', () => {
  afterEach(() => setCatalogue('en', en, enMessages, enApp, enAdmin));

  it("shows the form's texts and its messages in the page's language", async () => {
    setCatalogue('ar', ar, arMessages, arApp);
    const calls = stubFetch({});
    const { user } = renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'مرحبًا بعودتك' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('البريد الإلكتروني حقل مطلوب!')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور حقل مطلوب!')).toBeInTheDocument();
    expect(byLabel('البريد الإلكتروني')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'POST', API.login)).toHaveLength(0);
  });
});
