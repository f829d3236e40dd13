/**
 * Docker cannot run here, so the deploy files are checked for what can be checked: compose.yaml
 * parses, has the services docs/deploy.md describes, names files that exist, and gives the
 * servers a configuration the server accepts; every path the Dockerfile copies exists and the
 * commands it runs are the project's own scripts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, loadConfig } from '../../src/config.js';
import { SERVER_NODE_FLAGS } from '../../src/node-flags.js';

interface Compose {
  services: Record<
    string,
    { build?: string; image?: string; environment?: Record<string, string>; volumes?: string[]; healthcheck?: unknown }
  >;
}

const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as Compose;
const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
const rootPackage = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  engines: { node: string };
};
const serverPackage = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('compose.yaml', () => {
  it('runs two server processes, PostgreSQL, an S3-compatible store and a reverse proxy', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'bucket', 'minio', 'postgres', 'proxy']);
    expect(services.app1!.build).toBe('.');
    expect(services.app2!.build).toBe('.');
    expect(services.postgres!.image).toMatch(/^postgres:/);
    expect(services.minio!.image).toMatch(/^minio\/minio/);
    expect(services.proxy!.image).toMatch(/^nginx:/);
  });

  it('names files that exist and an nginx upstream of both processes', () => {
    const mounts = Object.values(compose.services)
      .flatMap((s) => s.volumes ?? [])
      .filter((v) => v.startsWith('./'));
    expect(mounts.length).toBeGreaterThan(0);
    for (const mount of mounts) expect(fs.existsSync(path.join(REPO_ROOT, mount.split(':')[0]!)), mount).toBe(true);
    const nginx = fs.readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/server app1:3000/);
    expect(nginx).toMatch(/server app2:3000/);
  });

  it('gives both processes a configuration the server accepts: PostgreSQL, S3, shared limits and mail key', () => {
    for (const name of ['app1', 'app2']) {
      const config = loadConfig(compose.services[name]!.environment ?? {});
      expect(config.databaseUrl).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(config.s3?.endpoint).toBe('http://minio:9000');
      expect(config.rateLimit.store).toBe('database');
      expect(config.mail.secret).toBeDefined();
      expect(config.trustProxy).toBe(true);
    }
    expect(compose.services.app1!.environment).toEqual(compose.services.app2!.environment);
  });
});

describe('Dockerfile', () => {
  it('copies only paths that exist', () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) if (source !== '.') expect(fs.existsSync(path.join(REPO_ROOT, source)), source).toBe(true);
  });

  it('is multi-stage, runs as a non-root user with production dependencies only, with a health check', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*/m);
    expect(dockerfile).toMatch(/\/healthz/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(rootPackage.scripts.build).toBeDefined();
    expect(dockerfile).toMatch(/^CMD \[.*"apps\/server\/dist\/main.js"\]$/m);
  });

  it('runs the server with the node flags of npm start (node-flags.ts)', () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(cmd).toEqual(['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js']);
    expect(serverPackage.scripts.start).toContain(` node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js`);
  });

  it('states the real Node floor', () => {
    expect(rootPackage.engines.node).toBe('>=20.19');
  });
});
