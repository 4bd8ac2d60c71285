import type { User } from '../../db/schema'

/** The account as the rest of the server sees it: never with its password hash. */
export type SessionUser = Omit<User, 'passwordHash'>
