// @ts-check
/**
 * The ceiling: bare Fastify routes (no plugins, no logger, no database) answering the very same
 * status, type, encoding and bytes the real server answered for each target. What a real route
 * reaches of its ceiling, in the same run on the same machine, is the share its own work costs.
 *
 *   node bench/ceiling-server.mjs PORT ANSWERS.json   -> prints "ready" when listening
 *
 * ANSWERS.json: [{ key, method, status, type, encoding, body (base64) }]; each is served at
 * /ceiling/<key> with that method.
 *
 * Plain JavaScript on purpose: it runs under plain node (no TypeScript loader to start or to
 * show in its CPU profile), type-checked through JSDoc by bench/tsconfig.json (checkJs).
 */
import fs from 'node:fs';
import Fastify from 'fastify';

/**
 * One answer as bench/lib/ceiling.ts writes it.
 * @typedef {{ key: string, method: import('fastify').HTTPMethods, status: number, type?: string, encoding?: string, body: string }} Answer
 */

/** @type {(value: unknown) => value is Record<string, unknown>} */
const isObject = (value) => typeof value === 'object' && value !== null;

/**
 * @param {unknown} value
 * @returns {value is Answer}
 */
function isAnswer(value) {
  return (
    isObject(value) &&
    typeof value.key === 'string' &&
    typeof value.method === 'string' &&
    typeof value.status === 'number' &&
    (value.type === undefined || typeof value.type === 'string') &&
    (value.encoding === undefined || typeof value.encoding === 'string') &&
    typeof value.body === 'string'
  );
}

const [port, file] = process.argv.slice(2);
/** @type {unknown} */
const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
if (!Array.isArray(parsed) || !parsed.every(isAnswer)) throw new Error(`${file}: not a list of answers`);
/** @type {Answer[]} */
const answers = parsed;

const app = Fastify({ logger: false });
for (const a of answers) {
  const body = Buffer.from(a.body, 'base64');
  app.route({
    method: a.method,
    url: `/ceiling/${a.key}`,
    handler: (_request, reply) => {
      reply.code(a.status);
      if (a.type) reply.type(a.type);
      if (a.encoding) reply.header('content-encoding', a.encoding);
      return reply.send(body);
    },
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');

const close = () => app.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
