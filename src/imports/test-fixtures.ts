import { deflateRawSync } from 'node:zlib'

/*
 * For the import tests: exports as the services write them (tiny ChatGPT conversations by the
 * thousand), and zips built byte by byte, honest or not (a size that lies, a name that climbs out).
 */

export interface ZipInput {
  name: string
  data: Uint8Array | string
  /** Deflate (default) or store. */
  method?: 'deflate' | 'store'
  /** The uncompressed size the directory declares, when it should lie. */
  declaredSize?: number
}

const encoder = new TextEncoder()

/** A zip archive (local headers, data, central directory, end record) of `entries`. */
export function buildZip(entries: ZipInput[]): Uint8Array {
  const locals: Uint8Array[] = []
  const centrals: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data
    const stored = entry.method === 'store'
    const body = stored ? raw : new Uint8Array(deflateRawSync(raw))
    const name = encoder.encode(entry.name)
    const size = entry.declaredSize ?? raw.length
    const crc = Bun.hash.crc32(raw)
    const local = new DataView(new ArrayBuffer(30))
    local.setUint32(0, 0x04034b50, true)
    local.setUint16(4, 20, true)
    local.setUint16(8, stored ? 0 : 8, true)
    local.setUint32(14, crc, true)
    local.setUint32(18, body.length, true)
    local.setUint32(22, size, true)
    local.setUint16(26, name.length, true)
    locals.push(new Uint8Array(local.buffer), name, body)
    const central = new DataView(new ArrayBuffer(46))
    central.setUint32(0, 0x02014b50, true)
    central.setUint16(4, 20, true)
    central.setUint16(6, 20, true)
    central.setUint16(10, stored ? 0 : 8, true)
    central.setUint32(16, crc, true)
    central.setUint32(20, body.length, true)
    central.setUint32(24, size, true)
    central.setUint16(28, name.length, true)
    central.setUint32(42, offset, true)
    centrals.push(new Uint8Array(central.buffer), name)
    offset += 30 + name.length + body.length
  }
  const directorySize = centrals.reduce((sum, part) => sum + part.length, 0)
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, entries.length, true)
  end.setUint16(10, entries.length, true)
  end.setUint32(12, directorySize, true)
  end.setUint32(16, offset, true)
  return Buffer.concat([...locals, ...centrals, new Uint8Array(end.buffer)])
}

/** A ChatGPT conversation of one question and its answer, as the export writes it. */
export function chatgptConversation(index: number, options: { id?: string; answer?: string } = {}) {
  const id = options.id ?? `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`
  const time = 1_700_000_000 + index * 60
  const node = (key: string, parent: string | null, children: string[], message: unknown) => ({
    id: key,
    parent,
    children,
    message,
  })
  return {
    title: `Conversation ${index}`,
    create_time: time,
    update_time: time + 30,
    mapping: {
      [`r${index}`]: node(`r${index}`, null, [`q${index}`], null),
      [`q${index}`]: node(`q${index}`, `r${index}`, [`a${index}`], {
        id: `q${index}`,
        author: { role: 'user' },
        create_time: time + 1,
        content: { content_type: 'text', parts: [`Question ${index}`] },
        metadata: {},
      }),
      [`a${index}`]: node(`a${index}`, `q${index}`, [], {
        id: `a${index}`,
        author: { role: 'assistant' },
        create_time: time + 2,
        content: { content_type: 'text', parts: [options.answer ?? `Answer ${index}`] },
        metadata: { model_slug: 'gpt-4o-mini' },
      }),
    },
    current_node: `a${index}`,
    conversation_id: id,
    id,
  }
}

/** `count` such conversations, as a conversations.json. */
export const chatgptExport = (count: number, first = 0) =>
  JSON.stringify(Array.from({ length: count }, (_, index) => chatgptConversation(first + index)))
