/**
 * The one seeded PRNG. Everything random in Resetcast is seeded, so a build (the bootstrap intervals)
 * and a benchmark's synthetic history are byte-identical for a given seed.
 */

/** mulberry32: a small, fast, well-known 32-bit PRNG; uniform in [0, 1). Plenty for resampling and test data, not for secrets. */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
