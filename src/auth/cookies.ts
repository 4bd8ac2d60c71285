/**
 * The one cookie parser of the server (HTTP requests and the socket.io handshake). A cookie header
 * is whatever the client sent: a broken percent-escape ('%E0%A4%A') makes `decodeURIComponent`
 * throw, so such a value counts as absent rather than turning into a 5xx or a refused handshake
 * with a stack trace.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue
    return safeDecode(part.slice(separator + 1).trim())
  }
  return undefined
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}
