/**
 * What a route asks of its caller, checked in this order and before anything reads the request's
 * body, query or params (docs/decisions/141-request-order.md): a session (401), the admin role
 * (403 `forbidden:admin`), not acting as someone else (403 `forbidden:impersonating`).
 */
export type Access = 'auth' | 'admin' | 'accountSecurity'

/** `METHOD /path/:param` → what the route asks (filled by `indexRouteAccess` once routes are composed). */
export type RouteAccess = Map<string, Access>
