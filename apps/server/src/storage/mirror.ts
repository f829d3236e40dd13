/**
 * The continuous backup's copy of the files (docs/decisions/034): with BACKUP_URL set and the files
 * on the local disk, every file written is also written to the replica (`<BACKUP_URL>/uploads/`,
 * `/documents/`) before the write is acknowledged. A replica that refuses does not fail the write:
 * the file is on the local disk, the failure is counted (a warning on /readyz), and the sweep
 * (`copyMissing`, at start and every minute while copies failed) copies what the replica lacks;
 * until a sweep finds it complete, uploads are not copied one by one (nor wait for it).
 * Deletions are not mirrored: a restore to an earlier moment needs the files that moment's rows name.
 */
import { withinMs } from '../lib/time-limit.js';
import type { FileStorage } from './file-storage.js';

/**
 * How long an upload waits for the replica's copy: a replica that hangs (a stalled network disk; a
 * folder under /proc, where Node's recursive mkdir never answers) is counted as failed, and the
 * upload answered, instead of the upload (and the demo seed at start) waiting for ever.
 */
const MIRROR_TIMEOUT_MS = 10_000;

/** What the mirrored stores of one process report (read by /readyz). */
export class FileMirror {
  /** Copies that failed since the last sweep that left nothing missing. */
  failures = 0;
  lastError: string | undefined;

  failed(name: string, err: unknown): void {
    this.failures += 1;
    this.lastError = `${name}: ${err instanceof Error ? err.message : String(err)}`;
  }

  /** A copy not tried because the replica is failing (left to the sweep); the last error stays the one that said why. */
  skipped(): void {
    this.failures += 1;
  }

  /** A sweep found the replica complete. */
  caughtUp(): void {
    this.failures = 0;
    this.lastError = undefined;
  }
}

/** `local`, with every put copied to `replica` as well (see above); reads, lists and deletions are the local disk's. */
export function mirrored(local: FileStorage, replica: FileStorage, mirror: FileMirror, timeoutMs = MIRROR_TIMEOUT_MS): FileStorage {
  return {
    ...local,
    async put(name, data) {
      await local.put(name, data);
      // While the replica is failing, uploads do not wait for it one by one: the sweep copies them.
      if (mirror.failures > 0) return mirror.skipped();
      await withinMs(replica.put(name, data), timeoutMs, 'the replica').catch((err: unknown) => mirror.failed(name, err));
    },
  };
}

/** Copies every file of `local` that `replica` lacks; the number copied. Throws on the first failure. */
export async function copyMissing(local: FileStorage, replica: FileStorage, timeoutMs = MIRROR_TIMEOUT_MS): Promise<number> {
  const present = new Set(await replica.list());
  let copied = 0;
  for (const name of await local.list()) {
    if (present.has(name)) continue;
    const data = await local.get(name);
    // Deleted meanwhile: nothing to keep.
    if (!data) continue;
    await withinMs(replica.put(name, data), timeoutMs, 'the replica');
    copied += 1;
  }
  return copied;
}
