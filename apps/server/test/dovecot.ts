/**
 * A real IMAP server for the replies-by-mail tests: Debian's dovecot (`dovecot-imapd`), started by
 * the test on a throwaway configuration, Maildir and loopback port (plain IMAP, no system service),
 * and stopped with it. Mails are delivered by writing Maildir files, as a local delivery agent does.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BINARY = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((p) => existsSync(p));

/** Why dovecot cannot run here, or undefined when it can. */
export const dovecotMissing: string | undefined = BINARY ? undefined : 'dovecot is not installed (apt-get install dovecot-imapd)';

export interface DovecotServer {
  /** imap://replies:secret@127.0.0.1:<port>/INBOX */
  url: string;
  /** Deliver a raw mail to the INBOX (unseen). */
  deliver(raw: string | Buffer): Promise<void>;
  /** The INBOX's mails: how many, and how many are still unseen. */
  counts(): Promise<{ total: number; unseen: number }>;
  /** The server goes away (its mails are kept). */
  stop(): Promise<void>;
  /** It is back on the same port with the same mails. */
  start(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startDovecot(): Promise<DovecotServer> {
  if (!BINARY) throw new Error(dovecotMissing);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-dovecot-'));
  const port = await freePort();
  const maildir = path.join(dir, 'home', 'replies', 'Maildir');
  for (const sub of ['new', 'cur', 'tmp']) await fs.mkdir(path.join(maildir, sub), { recursive: true });
  // dovecot's auth process runs as its own user: it must reach the (throwaway) password file.
  await fs.chmod(dir, 0o755);
  await fs.writeFile(path.join(dir, 'passwd'), 'replies:{PLAIN}secret\n', { mode: 0o644 });
  const user = os.userInfo().username;
  const root = process.getuid?.() === 0;
  // Dovecot never gives mail to uid 0: as root, the mailbox belongs to dovecot's own user.
  const uid = root ? Number(execFileSync('id', ['-u', 'dovecot'], { encoding: 'utf8' })) : process.getuid!();
  const gid = root ? Number(execFileSync('id', ['-g', 'dovecot'], { encoding: 'utf8' })) : process.getgid!();
  const own = async (p: string) => {
    if (root) await fs.chown(p, uid, gid);
  };
  for (const p of [
    path.join(dir, 'home'),
    path.join(dir, 'home', 'replies'),
    maildir,
    ...['new', 'cur', 'tmp'].map((d) => path.join(maildir, d)),
  ])
    await own(p);
  // As root, dovecot's own users (made by the package) run its processes; otherwise this user does.
  const internal = root
    ? 'default_internal_user = dovecot\ndefault_login_user = dovenull'
    : `default_internal_user = ${user}\ndefault_login_user = ${user}`;
  await fs.writeFile(
    path.join(dir, 'dovecot.conf'),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
first_valid_uid = 0
${internal}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/home/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    // Its own process group: stopping it ends its mail processes too, as a server going down would.
    child = spawn(BINARY, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore', detached: true });
    await listening(port, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const group = -running.pid!;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      process.kill(group, 'SIGTERM');
    });
    // Its imap processes outlive the master for a few seconds: they go now.
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // none left
    }
  };
  await start();
  let delivered = 0;
  return {
    url: `imap://replies:secret@127.0.0.1:${port}/INBOX`,
    async deliver(raw) {
      delivered += 1;
      const name = `${Date.now()}.M${delivered}P${process.pid}R${randomBytes(4).toString('hex')}.agro-test`;
      await fs.writeFile(path.join(maildir, 'tmp', name), raw);
      await own(path.join(maildir, 'tmp', name));
      await fs.rename(path.join(maildir, 'tmp', name), path.join(maildir, 'new', name));
    },
    async counts() {
      const fresh = await fs.readdir(path.join(maildir, 'new'));
      const cur = await fs.readdir(path.join(maildir, 'cur'));
      // A seen mail's file name ends with ':2,<flags>' including S.
      const seen = cur.filter((f) => /:2,[A-Z]*S/.test(f)).length;
      return { total: fresh.length + cur.length, unseen: fresh.length + cur.length - seen };
    },
    stop,
    start,
    async close() {
      await stop();
      // KEEP_DOVECOT=1 keeps the folder (its dovecot.log, the Maildir) for a look after a failure.
      if (process.env.KEEP_DOVECOT) return;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
