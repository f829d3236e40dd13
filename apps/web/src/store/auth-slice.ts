import {
  API,
  AUTH_STORAGE_KEYS,
  ERROR_DEFAULTS,
  FORGOT_PASSWORD_DEFAULT_SUCCESS,
  LOADING,
  SUCCESS,
  type ApiResult,
  type BotSignals,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
  type Role,
  type UpdateProfileInput,
  type UserResponse,
  type LoginResponse,
  TWO_FACTOR_TEXT,
} from '@agro/shared';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { request, withToast } from '@/lib/api';
import { messagesReady } from '@/lib/i18n';

export interface AuthState {
  isLoggedIn: boolean;
  /** '' when logged out (SPEC.md section 4); USER by default. */
  role: Role | '';
  data: PublicUser | Record<string, never>;
}

function readStored(): AuthState {
  try {
    const isLoggedIn = localStorage.getItem(AUTH_STORAGE_KEYS.isLoggedIn) === 'true';
    const role = localStorage.getItem(AUTH_STORAGE_KEYS.role);
    const data = localStorage.getItem(AUTH_STORAGE_KEYS.data);
    return {
      isLoggedIn,
      role: role === 'ADMIN' || role === 'USER' ? role : 'USER',
      data: data ? (JSON.parse(data) as PublicUser) : {},
    };
  } catch {
    return { isLoggedIn: false, role: 'USER', data: {} };
  }
}

function storeUser(user: PublicUser): void {
  localStorage.setItem(AUTH_STORAGE_KEYS.isLoggedIn, 'true');
  localStorage.setItem(AUTH_STORAGE_KEYS.role, user.role);
  localStorage.setItem(AUTH_STORAGE_KEYS.data, JSON.stringify(user));
}

const serverMessage =
  (fallback: string) =>
  (r: ApiResult): string =>
    r.message || fallback;

/** The form's fields and the proof of work (lib/proof-of-work.ts). */
type WithProofOfWork<T> = T & BotSignals & { altcha?: string | undefined };

export const registerUser = createAsyncThunk('auth/register', (body: WithProofOfWork<RegisterInput>) =>
  withToast(() => request<UserResponse>('POST', API.register, body), {
    loading: LOADING.register,
    success: serverMessage(SUCCESS.register),
    error: ERROR_DEFAULTS.register,
  }),
);

/** Set when the last sign-in was an administrator the site requires two-step sign-in of, who has none yet. */
export const TWO_FACTOR_SETUP_FLAG = 'twoFactorSetupRequired';

/**
 * Undefined when the password was right and two-step sign-in is on: no session yet, the code
 * follows at /login/second-factor (issue 26).
 */
export const login = createAsyncThunk('auth/login', async (body: LoginInput & BotSignals): Promise<PublicUser | undefined> => {
  const res = await withToast(() => request<LoginResponse>('POST', API.login, body), {
    loading: LOADING.login,
    success: serverMessage(SUCCESS.login),
    error: ERROR_DEFAULTS.login,
  });
  if (!('user' in res)) return undefined;
  if (res.twoFactorSetupRequired) sessionStorage.setItem(TWO_FACTOR_SETUP_FLAG, 'true');
  else sessionStorage.removeItem(TWO_FACTOR_SETUP_FLAG);
  storeUser(res.user);
  return res.user;
});

/** The second step of a sign-in: an authenticator code or a recovery code. */
export const secondFactor = createAsyncThunk('auth/secondFactor', async (code: string) => {
  const res = await withToast(() => request<UserResponse>('POST', API.secondFactor, { code }), {
    loading: TWO_FACTOR_TEXT.verifying,
    success: serverMessage(SUCCESS.login),
    error: TWO_FACTOR_TEXT.verifyError,
  });
  storeUser(res.user);
  return res.user;
});

export const logout = createAsyncThunk('auth/logout', async () => {
  // The header's Logout can be pressed on a public page of another language, where SPEC's messages
  // are not loaded yet: load them first, so its toasts read in the page's language.
  await messagesReady();
  const res = await withToast(() => request<ApiResult>('GET', API.logout), {
    loading: LOADING.logout,
    success: serverMessage(SUCCESS.logout),
    error: ERROR_DEFAULTS.logout,
  });
  localStorage.clear();
  return res;
});

export const getProfile = createAsyncThunk('auth/profile', async () => {
  const res = await withToast(() => request<UserResponse>('GET', API.profile), {
    loading: LOADING.profile,
    success: serverMessage(SUCCESS.profile),
    error: ERROR_DEFAULTS.profile,
  });
  storeUser(res.user);
  return res.user;
});

export const changePassword = createAsyncThunk('auth/changePassword', (body: ChangePasswordInput) =>
  withToast(() => request<ApiResult>('POST', API.changePassword, body), {
    loading: LOADING.changePassword,
    success: SUCCESS.changePassword,
    error: ERROR_DEFAULTS.changePassword,
  }),
);

export const updateProfile = createAsyncThunk('auth/updateProfile', async (body: UpdateProfileInput) => {
  const res = await withToast(() => request<UserResponse>('POST', API.updateProfile, body), {
    loading: LOADING.updateProfile,
    success: SUCCESS.updateProfile,
    error: ERROR_DEFAULTS.updateProfile,
  });
  if (res.user) storeUser(res.user);
  return res.user;
});

export const forgotPassword = createAsyncThunk('auth/forgotPassword', (body: WithProofOfWork<ForgotPasswordInput>) =>
  withToast(() => request<ApiResult>('POST', API.forgotPassword, body), {
    loading: LOADING.forgotPassword,
    success: serverMessage(FORGOT_PASSWORD_DEFAULT_SUCCESS),
    error: ERROR_DEFAULTS.forgotPassword,
  }),
);

export const resetPassword = createAsyncThunk(
  'auth/resetPassword',
  ({ token, ...body }: { token: string; password: string } & BotSignals) =>
    withToast(() => request<ApiResult>('PATCH', API.resetPassword(token), body), {
      loading: LOADING.resetPassword,
      success: SUCCESS.resetPassword,
      error: ERROR_DEFAULTS.resetPassword,
    }),
);

const loggedOut: AuthState = { isLoggedIn: false, role: '', data: {} };

const authSlice = createSlice({
  name: 'auth',
  initialState: readStored,
  reducers: {
    /** The server answered 401: the session is gone, so is the client's idea of it. */
    sessionEnded: () => loggedOut,
    /** Used after a password change / profile update / reset: clear everything held. */
    clearAuth: () => loggedOut,
  },
  extraReducers: (builder) => {
    const setUser = (state: AuthState, action: PayloadAction<PublicUser | undefined>) => {
      if (!action.payload) return;
      state.isLoggedIn = true;
      state.role = action.payload.role;
      state.data = action.payload;
    };
    builder
      .addCase(login.fulfilled, setUser)
      .addCase(secondFactor.fulfilled, setUser)
      .addCase(getProfile.fulfilled, setUser)
      .addCase(updateProfile.fulfilled, setUser)
      .addCase(logout.fulfilled, () => loggedOut);
  },
});

export const { sessionEnded, clearAuth } = authSlice.actions;
export const authReducer = authSlice.reducer;
