/** The throwaway demo (`bun run demo`): its badge and the credentials on the sign-in card. */
export const demo = {
  'demo.badge': 'Demo',
  'demo.badgeHint': 'A throwaway demo with sample data: everything is deleted when it stops',
  'demo.credentials.intro': 'This is a demo with sample data. Sign in as its administrator:',
  'demo.credentials.email': 'Email',
  'demo.credentials.password': 'Password',
  'demo.credentials.use': 'Use these credentials',
} as const
