/** Narrowing for parsed JSON (JSON.parse, fetch's json(), child output): unknown in, types out. */

/** A plain object (not null, not an array), its fields still unknown. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}
