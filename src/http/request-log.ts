/** Per-request facts gathered along the way for the access log line. */
export const requestFacts = new WeakMap<Request, { start: number; userId?: string }>()

export function noteUser(request: Request, userId: string): void {
  const facts = requestFacts.get(request)
  if (facts) facts.userId = userId
}
