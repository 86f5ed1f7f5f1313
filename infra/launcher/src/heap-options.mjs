/**
 * The V8 heap settings the apps run with in production (NODE_OPTIONS of docker-compose.yml and
 * k8s/base; deploy-check holds the three to one value), so that `npm start`, the tests and the
 * benchmarks measure the processes an operator runs.
 *
 * - `--max-old-space-size`: a heap that collects well before the container's memory limit (ten
 *   parallel 15 MB uploads stay under it, bench:photos step 0).
 * - `--max-semi-space-size=4` (MB) for the gateway: it passes every answer through and throws
 *   nearly all it allocates away at once. With V8's default young generation (up to 16 MB a half)
 *   its old generation's limit sits so close above the 37 MB it keeps that V8 starts a full
 *   marking every 30 or so answers of 80 KB: about 4 a second at 150 answers a second, each 20–30 ms
 *   of marking on one of the two cores, which made every 20th map answer 3–5x slower than the
 *   median (measured on Node 20). Halves of 1 MB removed that tail but made the young collections
 *   so frequent that they cost a forwarded read a third of its CPU; on Node 24, the line the product
 *   ships on, 4 MB halves spend about 30 % less of the gateway's CPU per forwarded read than 1 MB
 *   (bench:gateway-hop) and keep the landing map's answers within 5–10 % of 1 MB's p95, where the
 *   default's tail stays away (docs/adr/0009, part 8).
 */
export const HEAP_OPTIONS = {
  gateway: '--max-old-space-size=256 --max-semi-space-size=4',
  media: '--max-old-space-size=192',
};
