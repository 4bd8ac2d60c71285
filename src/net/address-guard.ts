import { isIP } from 'node:net'

/**
 * Which IP addresses a server-side fetch of a URL someone else chose (a search result, a page a
 * model cited) may reach: public unicast only. Everything a deployment keeps private is refused:
 * loopback, RFC 1918, CGNAT, link-local (and so the cloud metadata service at 169.254.169.254 and
 * fd00:ec2::254), unique-local, multicast, reserved, documentation and "this network" ranges, and
 * IPv6 forms that carry an IPv4 address (mapped and compatible refused, NAT64 and 6to4 judged by it).
 */

type Range = [base: number[], prefixBits: number]

const V4_BLOCKED: Range[] = [
  [[0, 0, 0, 0], 8], // "this network", 0.0.0.0
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // CGNAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
]

const V6_BLOCKED: Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128], // ::
  [[0, 0, 0, 0, 0, 0, 0, 1], 128], // ::1
  [[0x100, 0, 0, 0, 0, 0, 0, 0], 64], // discard
  [[0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32], // documentation
  [[0x2001, 0, 0, 0, 0, 0, 0, 0], 23], // IETF protocol assignments (Teredo, ORCHID...)
  [[0xfc00, 0, 0, 0, 0, 0, 0, 0], 7], // unique-local (fd00:ec2::254 is here)
  [[0xfe80, 0, 0, 0, 0, 0, 0, 0], 10], // link-local
  [[0xfec0, 0, 0, 0, 0, 0, 0, 0], 10], // site-local (deprecated)
  [[0xff00, 0, 0, 0, 0, 0, 0, 0], 8], // multicast
]

function inRange(value: number[], [base, bits]: Range, width: number): boolean {
  let left = bits
  for (let index = 0; index < base.length && left > 0; index += 1) {
    const take = Math.min(width, left)
    const mask = take === width ? (width === 8 ? 0xff : 0xffff) : ((1 << take) - 1) << (width - take)
    if ((value[index]! & mask) !== (base[index]! & mask)) return false
    left -= take
  }
  return true
}

function parseV4(address: string): number[] | null {
  const parts = address.split('.')
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null
  const bytes = parts.map(Number)
  return bytes.every((byte) => byte <= 255) ? bytes : null
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
export function parseV6(address: string): number[] | null {
  let text = address
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase()
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/)
  if (dotted) {
    const v4 = parseV4(dotted[2]!)
    if (!v4) return null
    text = `${dotted[1]}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const head = groups(halves[0]!)
  const tail = halves.length === 2 ? groups(halves[1]!) : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null
  return all.map((group) => Number.parseInt(group, 16))
}

/**
 * The IPv4 address a NAT64 (64:ff9b::/96, 64:ff9b:1::/48) or 6to4 (2002::/16) address reaches, if
 * any: judged as that address.
 */
function translatedV4(groups: number[]): number[] | null {
  const toBytes = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff]
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return toBytes(groups[6]!, groups[7]!)
  if (groups[0] === 0x2002) return toBytes(groups[1]!, groups[2]!)
  return null
}

/**
 * IPv4-mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d) and compatible (::a.b.c.d) forms:
 * refused outright. No public site needs them, and they are the classic way past a v4-only check.
 */
function carriesV4(groups: number[]): boolean {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0)
  return (
    (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) ||
    (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0)
  )
}

/** True when an IP address (v4 or v6, brackets allowed) is public unicast, the only kind fetched. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  const kind = isIP(bare.split('%')[0]!)
  if (kind === 4) {
    const bytes = parseV4(bare)
    return bytes !== null && !V4_BLOCKED.some((range) => inRange(bytes, range, 8))
  }
  if (kind === 6) {
    const groups = parseV6(bare)
    if (!groups) return false
    if (carriesV4(groups)) return false
    const v4 = translatedV4(groups)
    if (v4 && V4_BLOCKED.some((range) => inRange(v4, range, 8))) return false
    return !V6_BLOCKED.some((range) => inRange(groups, range, 16))
  }
  return false
}
