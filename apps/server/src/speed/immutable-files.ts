/**
 * Content-addressed files (stored images are named by the hash of their bytes) kept in memory,
 * so a request for one costs a map lookup instead of stat, open, read and close on the thread
 * pool (docs/performance.md, cost table, "file system"). Bounded by total bytes, least recently
 * used out first. An entry is read again in the background once `maxAgeMs` old, so a file another
 * process deleted stops being served soon after; meanwhile, and when that read fails (the object
 * store is away or hangs), the bytes held are served: a file never changes under its name, and an
 * outage of the store must not take away the images a page shows (docs/decisions/019).
 */
import fs from 'node:fs/promises';

interface Entry {
  data: Promise<Buffer | undefined>;
  /** 0 until the first read brought the file. */
  size: number;
  readAt: number;
  /** A read again is under way. */
  checking: boolean;
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
    if (hit) {
      this.entries.delete(name);
      this.entries.set(name, hit);
      if (hit.size > 0 && !hit.checking && now - hit.readAt >= this.maxAgeMs) this.check(name, hit, now);
      // A first read still under way is shared (it fails within the storage's own limits).
      return hit.data;
    }
    const entry: Entry = { data: this.read(name), size: 0, readAt: now, checking: false };
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

  /** Reads a held file again: gone, it is no longer served; unreadable, it is kept and asked again later. */
  private check(name: string, entry: Entry, now: number): void {
    entry.checking = true;
    const done = (gone: boolean) => {
      entry.checking = false;
      entry.readAt = now;
      if (gone) this.remove(name, entry);
    };
    this.read(name).then(
      (data) => done(data === undefined),
      () => done(false),
    );
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
