/**
 * The address a request came from. Behind a reverse proxy (TRUST_PROXY=true) that is the last entry
 * of X-Forwarded-For, the one our proxy appended: entries before it are whatever the client sent
 * and can be forged. Without a trusted proxy the header is ignored and the socket's peer is used.
 */
export function clientIp(
  request: Request,
  server: { requestIP(request: Request): { address: string } | null } | null,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  return server?.requestIP(request)?.address ?? 'unknown'
}
