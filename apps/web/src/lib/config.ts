/** Base address of the API. Same origin by default; VITE_API_BASE_URL points the app elsewhere. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';
