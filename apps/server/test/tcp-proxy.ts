/**
 * A TCP proxy in front of a real server (PostgreSQL in the fault tests) that a test can cut, hang
 * and restore: what a database restart, a failover or a network that hangs looks like to the
 * server process, without stopping a database other test files share.
 */
import net from 'node:net';
import { Transform } from 'node:stream';

export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private hanging = false;
  /** The client's message that cuts the server (cutWhenClientSends), and whom it tells. */
  private trigger: { matches: (data: Buffer) => boolean; fired: () => void } | undefined;

  private constructor(
    private readonly target: { host: string; port: number },
    private port: number,
  ) {}

  /** A proxy on a free port of 127.0.0.1 to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.listen();
    return proxy;
  }

  get address(): { host: string; port: number } {
    return { host: '127.0.0.1', port: this.port };
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private accept(client: net.Socket): void {
    this.track(client);
    // A hanging network: the connection is taken and nothing ever comes back.
    if (this.hanging) return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(this.watch()).pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  }

  /** What the client sends, passed on unless it is the message that cuts the server. */
  private watch(): Transform {
    return new Transform({
      transform: (data: Buffer, _encoding, next) => {
        const trigger = this.trigger;
        if (trigger?.matches(data)) {
          this.trigger = undefined;
          void this.cut().then(trigger.fired);
          next();
          return;
        }
        next(null, data);
      },
    });
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
  }

  /** The server goes away: every connection is cut and new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The server goes away the moment a client sends what `matches` finds: those bytes never reach
   * it, as in a cut at that instant. Resolves once it was cut.
   */
  cutWhenClientSends(matches: (data: Buffer) => boolean): Promise<void> {
    return new Promise((fired) => {
      this.trigger = { matches, fired };
    });
  }

  /** The server hangs: open connections stop answering, new ones are taken and never answered. */
  hang(): void {
    this.hanging = true;
    for (const socket of this.sockets) socket.pause();
  }

  /** The server is back, on the same address. */
  async restore(): Promise<void> {
    // Only a hung server's connections are dropped: a restore of a server that is already back
    // (afterEach's, after a test's own) must not end the healthy connections made since, or the
    // next test's first query races the pool's removal of them ("Connection terminated unexpectedly").
    if (this.hanging) for (const socket of this.sockets) socket.destroy();
    this.hanging = false;
    this.trigger = undefined;
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
