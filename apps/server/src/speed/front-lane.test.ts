import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from '../lib/access-log.js';
import { FrontLane } from './front-lane.js';
import { sendCached, toCachedJson } from './json-cache.js';

/** A bare app with the lane in front and the access log captured. */
async function laneApp() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const lane = new FrontLane(10, 1024 * 1024, false);
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new AccessLog(),
    serverFactory: (handler) => http.createServer(lane.listener(handler)),
  });
  lane.attach(app.log);
  app.decorate('frontLane', lane);
  const state = { version: '1', reads: 0 };
  const current = async () => {
    state.reads += 1;
    return state.version;
  };
  app.get('/thing', (request, reply) =>
    sendCached(request, reply, toCachedJson(`{"version":${state.version}}`), 'application/json', { version: state.version, current }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, lane, lines, state, url: `http://127.0.0.1:${port}/thing` };
}

describe('front lane', () => {
  it('writes an access-log line for every answer it gives, like Fastify’s', async () => {
    const { app, lane, lines, url } = await laneApp();
    await fetch(url);
    await fetch(url);
    await app.close();
    expect(lane.served).toBe(1);
    const requestLines = lines.filter((l) => l.msg === 'request completed');
    expect(requestLines).toHaveLength(2);
    for (const line of requestLines) expect(line).toMatchObject({ method: 'GET', url: '/thing', statusCode: 200 });
    expect(String(requestLines[1]!.reqId)).toMatch(/^lane-/);
    expect(typeof requestLines[1]!.responseTime).toBe('number');
  });

  it('reads the version once for the requests of one turn, and sees a change at the next request', async () => {
    const { app, lane, state, url } = await laneApp();
    await fetch(url);
    const agents = Array.from({ length: 20 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    // Connected first (one request each), then twenty requests sent together: fewer reads than requests.
    for (const agent of agents) await fetchWith(agent, url);
    state.reads = 0;
    const served = lane.served;
    await Promise.all(agents.map((agent) => fetchWith(agent, url)));
    expect(lane.served - served).toBe(20);
    expect(state.reads).toBeLessThan(20);
    state.version = '2';
    expect(await fetchWith(agents[0]!, url)).toBe('{"version":2}');
    for (const agent of agents) agent.destroy();
    await app.close();
  });
});

function fetchWith(agent: http.Agent, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}
