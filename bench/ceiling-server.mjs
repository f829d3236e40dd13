/**
 * The ceiling: a bare Fastify route (no plugins, no logger, no database) answering the very
 * same bytes the real server answered for SOURCE_URL. What the real route reaches of this, in
 * the same run on the same machine, is the share its own work costs.
 *
 *   node bench/ceiling-server.mjs PORT SOURCE_URL   -> prints "ready" when listening
 *
 * GET /ceiling      the plain body (as asked without Accept-Encoding)
 * GET /ceiling-br   the brotli body, as the real server answers a browser (Accept-Encoding: br)
 */
import http from 'node:http';
import Fastify from 'fastify';

/** The raw answer (node:http does not decode bodies, unlike fetch). */
function fetchRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ body: Buffer.concat(chunks), type: res.headers['content-type'], encoding: res.headers['content-encoding'] })
            : reject(new Error(`ceiling: ${url} answered ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

const [port, source] = process.argv.slice(2);
const plain = await fetchRaw(source, {});
const br = await fetchRaw(source, { 'accept-encoding': 'br' });

const app = Fastify({ logger: false });
app.get('/ceiling', (_request, reply) => reply.type(plain.type).send(plain.body));
app.get('/ceiling-br', (_request, reply) => reply.type(br.type).header('content-encoding', br.encoding ?? 'identity').send(br.body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write(`ready ${plain.body.length} ${br.body.length}\n`);

const close = () => app.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
