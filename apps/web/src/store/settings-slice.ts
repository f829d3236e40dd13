/**
 * The site settings the pages show (issue 26): phone, e-mail, address, hours, social profiles,
 * FAQ, certifications. A server-rendered page brings them in its snapshot; a page the browser
 * renders alone asks GET /api/v1/settings once (no toast: nothing the person asked for). Saving
 * them on /settings puts the answer here, so the header and footer change at once. Kept out of
 * the persisted state (store.ts): a change by the owner shows at the next page load.
 */
import { API, DEFAULT_SETTINGS, publicSettings, type PublicSettings, type SiteSettings } from '@agro/shared';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { request } from '@/lib/api';

export interface SiteSettingsState {
  /** Null until asked for (the snapshot's, else the defaults, are shown meanwhile). */
  value: PublicSettings | null;
}

const initialState: SiteSettingsState = { value: null };

/** site.ts's seed, as shown before anything is known. */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = publicSettings(DEFAULT_SETTINGS, '');

export const fetchSiteSettings = createAsyncThunk('siteSettings/fetch', async () => {
  const answer = await request<{ success: boolean; message: string; settings: PublicSettings }>('GET', API.settings);
  return answer.settings;
});

/** Only the public part is kept, whoever asked (an admin's answer holds more). */
function publicPart(settings: PublicSettings | SiteSettings): PublicSettings {
  const {
    notificationEmail: _n,
    quotationDefaults: _q,
    bankDetails: _b,
    requireTwoFactorForAdmins: _r,
    assignment: _a,
    showReplyTime: _s,
    ...rest
  } = settings as SiteSettings & { replyTimeHours?: number | null };
  return { ...rest, replyTimeHours: rest.replyTimeHours ?? null };
}

const settingsSlice = createSlice({
  name: 'siteSettings',
  initialState,
  reducers: {
    siteSettingsSaved: (state, action: PayloadAction<PublicSettings | SiteSettings>) => {
      state.value = publicPart(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(fetchSiteSettings.fulfilled, (state, action) => {
      // The same settings keep the objects shown: nothing renders again.
      if (JSON.stringify(state.value) !== JSON.stringify(action.payload)) state.value = publicPart(action.payload);
    });
  },
});

export const { siteSettingsSaved } = settingsSlice.actions;
export const siteSettingsReducer = settingsSlice.reducer;
