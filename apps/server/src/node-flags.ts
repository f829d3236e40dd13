/**
 * The flags node runs the server with: `npm start`, the Dockerfile, the scale-out check and the
 * bench (test/scale-out/deploy-files.test.ts keeps them the same).
 *
 * --max-old-space-size: V8 sizes its heap limit from the machine's memory (a quarter of it, up to
 * 4 GB) and, with a limit of 2 GB or more, lets the old generation grow to four times what the last
 * full collection left before it collects again. In the bench's memory run (10,000 products, a
 * 24 GB machine) that was up to 140 MB of garbage over a live heap of about 45 MB; under a 1 GB
 * limit the growth is at most 1.6 times, and the compiled server's peak RSS went from 300-310 MB
 * to under 200 MB (docs/performance.md, "Memory").
 *
 * --max-semi-space-size=4 (MB): the young generation grows under the start's allocations (the
 * modules, the caches warmed) up to 2 x 16 MB by default and stays that size when the server then
 * idles: in two starts of three the compiled server held 32 MB of new space and 150 MB resident
 * instead of 118 MB. Bounded to 2 x 4 MB, resident memory after start is 115-117 MB (goal 120:
 * docs/deploy.md, "The smallest server"). The cost, more frequent young collections: the same
 * write-path rate on SQLite within the machine's noise; on PostgreSQL (whose driver allocates more
 * per query) 5-10% more server CPU per quote request (bench/write-path.ts, four runs alternated).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=1024', '--max-semi-space-size=4'] as const;
