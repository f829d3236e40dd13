import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in e2e/support). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The admin the server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = {
  fullName: 'Administrator',
  email: 'e2e-admin@example.com',
  password: 'E2e!Admin2025',
} as const;

/** Ports this suite may use (shared machine: each helper has its own range). */
export const PORT_RANGE = { first: 3500, last: 3599 } as const;

/** Environment variables global-setup hands to the test workers. */
export const ENV_BASE_URL = 'E2E_BASE_URL';
export const ENV_DATA_DIR = 'E2E_DATA_DIR';

export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e', 'screenshots');
