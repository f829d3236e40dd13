/**
 * The ceiling: bare Fastify routes (no plugins, no logger, no database) answering the very same
 * status, type, encoding and bytes the real server answered for each target. What a real route
 * reaches of its ceiling, in the same run on the same machine, is the share its own work costs.
 *
 *   node bench/ceiling-server.mjs PORT ANSWERS.json   -> prints "ready" when listening
 *
 * ANSWERS.json: [{ key, method, status, type, encoding, body (base64) }]; each is served at
 * /ceiling/<key> with that method.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const answers = JSON.parse(fs.readFileSync(file, 'utf8'));

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
