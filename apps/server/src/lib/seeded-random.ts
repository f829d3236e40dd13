/** A seeded random generator in [0, 1): the same numbers for the same seed on every run. */
export type Random = () => number;

/** mulberry32: tiny, deterministic, good enough for scattering shapes and spacing arrivals. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
