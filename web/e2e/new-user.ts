let counter = 0

/** A person who has not signed up yet, unique per call. */
export function newUser(fullName = 'Ada Lovelace') {
  counter += 1
  return {
    fullName,
    email: `user${Date.now().toString(36)}${counter}@example.com`,
    password: 'correct-horse-42',
  }
}

export type NewUser = ReturnType<typeof newUser>
