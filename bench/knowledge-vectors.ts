/**
 * bench:knowledge's synthetic embeddings (BENCH_DATA), deterministic so that runs compare and a kept
 * database (BENCH_DATA_DIR) gets the same queries:
 *
 * - `clustered` (the default, the hardest case): BENCH_CLUSTERS centres in all 1536 dimensions, each
 *   vector its centre plus isotropic noise as large as the centre. Inside a cluster the vectors are
 *   uniform in every direction: all ~500 members of a cluster are at nearly the same distance from
 *   a query, the ten nearest only a few hundredths closer than the rest.
 * - `manifold` (what real embeddings look like: a low intrinsic dimension): points in a
 *   BENCH_LATENT-dimensional space (default 32), clustered there, projected to 1536 dimensions by
 *   one fixed random matrix, plus small isotropic noise (10 % of the norm). Queries are points near
 *   a stored one in the latent space, projected the same way.
 *
 * Both normalise every vector (cosine distance).
 */

// A small deterministic generator (mulberry32, period 2^32). The linear congruential one the bench
// had before, computed in doubles, lost its low bits and cycled every 10,466 values: at 3,072 draws
// a vector, 100,000 chunks had only 5,233 distinct noise patterns (decision 134).
let state = 42
function random(): number {
  state = (state + 0x6d2b79f5) | 0
  let t = Math.imul(state ^ (state >>> 15), 1 | state)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
}
function gaussian(): number {
  return Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random())
}
function normalise(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1
  return vector.map((value) => Math.fround(value / norm))
}

export interface VectorSet {
  name: string
  /** Chunk n's embedding (called in order, n = 0, 1, 2 …) and what a query near it starts from. */
  vector(n: number): { embedding: number[]; source: number[] }
  /** A query near a stored chunk (its `source`). */
  queryNear(source: number[]): number[]
}

export function vectorSet(name: string, dims: number, clusters: number, latent: number): VectorSet {
  if (name === 'clustered') {
    const centres = Array.from({ length: clusters }, () => normalise(Array.from({ length: dims }, gaussian)))
    const near = (centre: number[], spread: number) =>
      normalise(centre.map((value) => value + (gaussian() * spread) / Math.sqrt(dims)))
    return {
      name: 'clustered (uniform noise in 1536 dims inside 200 clusters)',
      vector(n) {
        const embedding = near(centres[n % clusters]!, 1.0)
        return { embedding, source: embedding }
      },
      queryNear: (source) => near(source, 0.5),
    }
  }
  if (name === 'manifold') {
    // The projection: latent × dims, unit variance per output dimension for a unit latent vector.
    const projection = Array.from({ length: latent }, () =>
      Float64Array.from({ length: dims }, () => gaussian() / Math.sqrt(latent)),
    )
    const centres = Array.from({ length: clusters }, () => Array.from({ length: latent }, gaussian))
    const project = (point: number[]) => {
      const out = new Float64Array(dims)
      for (let k = 0; k < latent; k++) {
        const row = projection[k]!
        const weight = point[k]!
        for (let d = 0; d < dims; d++) out[d]! += weight * row[d]!
      }
      let norm = 0
      for (let d = 0; d < dims; d++) norm += out[d]! * out[d]!
      // Isotropic noise of 10 % of the signal's norm.
      const noise = (0.1 * Math.sqrt(norm)) / Math.sqrt(dims)
      return normalise(Array.from(out, (value) => value + gaussian() * noise))
    }
    return {
      name: `manifold (${latent}-dim latent clusters projected to ${dims} dims, 10 % noise)`,
      vector(n) {
        const point = centres[n % clusters]!.map((value) => value + gaussian() * 0.5)
        return { embedding: project(point), source: point }
      },
      queryNear: (point) => project(point.map((value) => value + gaussian() * 0.25)),
    }
  }
  throw new Error(`BENCH_DATA: clustered or manifold, not ${name}`)
}
