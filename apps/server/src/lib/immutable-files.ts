/**
 * Content-addressed files (stored images are named by the hash of their bytes) kept in memory,
 * so a request for one costs a map lookup instead of stat, open, read and close on the thread
 * pool (docs/performance.md, cost table, "file system"). Bounded by total bytes, least recently
 * used out first. An entry is re-read after `maxAgeMs`, so a deleted file stops being served
 * within that time even when another process deleted it.
 */
import fs from 'node:fs/promises';

interface Entry {
  data: Promise<Buffer | undefined>;
  size: number;
  readAt: number;
}

export class ImmutableFiles {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    /** Reads a file's bytes; undefined when it does not exist. */
    private readonly read: (name: string) => Promise<Buffer | undefined>,
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
  ) {}

  get(name: string, now = Date.now()): Promise<Buffer | undefined> {
    const hit = this.entries.get(name);
    if (hit && now - hit.readAt < this.maxAgeMs) {
      this.entries.delete(name);
      this.entries.set(name, hit);
      return hit.data;
    }
    if (hit) this.remove(name, hit);
    const entry: Entry = { data: this.read(name), size: 0, readAt: now };
    this.entries.set(name, entry);
    entry.data.then(
      (data) => {
        if (this.entries.get(name) !== entry) return;
        // Misses are not kept (requests for random names must not evict real files), nor a file
        // larger than the whole budget.
        if (data === undefined || data.length > this.maxBytes) return this.remove(name, entry);
        entry.size = data.length;
        this.bytes += data.length;
        for (const [oldest, old] of this.entries) {
          if (this.bytes <= this.maxBytes) break;
          if (old.size > 0) this.remove(oldest, old);
        }
      },
      () => this.remove(name, entry),
    );
    return entry.data;
  }

  /** Forget `name` (e.g. after this process deleted the file). */
  forget(name: string): void {
    const entry = this.entries.get(name);
    if (entry) this.remove(name, entry);
  }

  private remove(name: string, entry: Entry): void {
    if (this.entries.get(name) !== entry) return;
    this.entries.delete(name);
    this.bytes -= entry.size;
  }
}

/** A file's bytes from disk, or undefined when it is not there (or is not a file). */
export async function readFileIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}
