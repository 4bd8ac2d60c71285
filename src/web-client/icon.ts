import { deflateSync } from 'node:zlib'

/**
 * The app icon an installed Parley shows (web app manifest): the client's brand mark (web/ui/brand-mark.tsx,
 * a tile in the brand's gradient with Lucide's message-square-text in white) drawn in the brand's
 * colours as a PNG. Drawn here rather than shipped as files, so that an administrator's colours
 * reach the home screen too; a few milliseconds per size, and the caller keeps the result.
 *
 * `maskable`: the gradient fills the square (the platform cuts its own shape) and the glyph stays
 * inside the central safe zone; otherwise the tile has the client's rounded corners.
 */
export function renderBrandIcon(
  size: number,
  primary: string,
  secondary: string,
  maskable = false,
): Uint8Array<ArrayBuffer> {
  const from = rgb(primary)
  const to = rgb(secondary)
  const glyphScale = (maskable ? 0.4 : 0.5) * (size / 24)
  const glyphOrigin = (size - 24 * glyphScale) / 2
  const radius = maskable ? 0 : size * 0.22
  const halfStroke = 1 * glyphScale
  const pixels = new Uint8Array(size * size * 4)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = x + 0.5
      const py = y + 0.5
      const tile = clamp01(0.5 - roundedSquareDistance(px, py, size, radius))
      if (tile === 0) continue
      const t = (px + py) / (2 * size)
      // Glyph coordinates: Lucide's 24-unit box.
      const gx = (px - glyphOrigin) / glyphScale
      const gy = (py - glyphOrigin) / glyphScale
      // Outside the glyph's box (its strokes included) there is nothing to measure.
      const inBox = gx > 1 && gx < 23 && gy > 1 && gy < 23
      const glyph = inBox ? clamp01(0.5 - (glyphDistance(gx, gy) * glyphScale - halfStroke)) : 0
      const i = (y * size + x) * 4
      for (let c = 0; c < 3; c++) {
        const base = from[c]! + (to[c]! - from[c]!) * t
        pixels[i + c] = Math.round(base + (255 - base) * glyph)
      }
      pixels[i + 3] = Math.round(255 * tile)
    }
  }
  return encodePng(size, size, pixels)
}

/** Lucide's message-square-text as segments: the bubble (its corners as short chords) and two lines. */
const GLYPH: [number, number, number, number][] = (() => {
  const points: [number, number][] = []
  const arc = (cx: number, cy: number, start: number) => {
    for (let k = 0; k <= 6; k++) {
      const a = ((start + (90 * k) / 6) * Math.PI) / 180
      points.push([cx + 2 * Math.cos(a), cy + 2 * Math.sin(a)])
    }
  }
  arc(5, 5, 180) // top left, then the top edge
  arc(19, 5, 270) // top right, then the right edge
  arc(19, 15, 0) // bottom right, then the bottom edge to the tail
  points.push([7, 17], [3, 21], [3, 5])
  const segments: [number, number, number, number][] = []
  for (let k = 1; k < points.length; k++) segments.push([...points[k - 1]!, ...points[k]!])
  segments.push([7, 8, 13, 8], [7, 12, 17, 12])
  return segments
})()

function glyphDistance(x: number, y: number): number {
  let best = Number.POSITIVE_INFINITY
  for (const [ax, ay, bx, by] of GLYPH) {
    const dx = bx - ax
    const dy = by - ay
    const t = clamp01(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1))
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy))
  }
  return best
}

/** Signed distance to a square of side `size` with corners of `radius` (negative inside). */
function roundedSquareDistance(x: number, y: number, size: number, radius: number): number {
  const half = size / 2
  const qx = Math.abs(x - half) - (half - radius)
  const qy = Math.abs(y - half) - (half - radius)
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v))

/** `#rrggbb` (the brand's colours are stored lower-case in this form) → [r, g, b]. */
function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1, 7), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

/** An 8-bit RGBA PNG: signature, IHDR, one IDAT (each row with filter 0), IEND. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array<ArrayBuffer> {
  const rows = new Uint8Array(height * (width * 4 + 1))
  for (let y = 0; y < height; y++)
    rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1)
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 6, 0, 0, 0], 8)
  const chunks = [chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', new Uint8Array())]
  const signature = [137, 80, 78, 71, 13, 10, 26, 10]
  const out = new Uint8Array(8 + chunks.reduce((sum, c) => sum + c.length, 0))
  out.set(signature)
  let offset = 8
  for (const c of chunks) {
    out.set(c, offset)
    offset += c.length
  }
  return out
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)) >>> 0)
  return out
}
