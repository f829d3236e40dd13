import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog, loggedUrl } from './access-log.js';

const TOKEN = 'mW3r9pQ_x-7TzK2bVn8sLq4YhJ0dCfAe1uGiRoXkPwE';

describe('access log URL', () => {
  it('hides the reset token of the API call and of the page, and the token of an unsubscribe link', () => {
    expect(loggedUrl(`/api/v1/user/reset-password/${TOKEN}`)).toBe('/api/v1/user/reset-password/:token');
    expect(loggedUrl(`/reset-password/${TOKEN}?from=mail`)).toBe('/reset-password/:token?from=mail');
    // A reminder's one-click unsubscribe link (issue 41).
    expect(loggedUrl(`/api/v1/unsubscribe?token=${TOKEN}`)).toBe('/api/v1/unsubscribe?token=:token');
    expect(loggedUrl(`/api/v1/unsubscribe?x=1&token=${TOKEN}#a`)).toBe('/api/v1/unsubscribe?x=1&token=:token#a');
  });

  it('leaves every other URL as it is', () => {
    expect(loggedUrl('/api/v1/product/single/abc?x=1')).toBe('/api/v1/product/single/abc?x=1');
    expect(loggedUrl('/reset-password')).toBe('/reset-password');
  });
});

describe('access log', () => {
  it('writes one line per request, with method, URL without the token, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new AccessLog() });
    app.put('/api/v1/user/reset-password/:token', async () => ({ success: true }));
    await app.inject({ method: 'PUT', url: `/api/v1/user/reset-password/${TOKEN}`, payload: {} });
    await app.close();

    const requestLines = lines.filter((l) => 'statusCode' in l || String(l.msg).includes('request'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      method: 'PUT',
      url: '/api/v1/user/reset-password/:token',
      statusCode: 200,
    });
    expect(typeof requestLines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });
});
