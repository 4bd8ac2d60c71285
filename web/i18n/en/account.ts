/** The profile dialog and the account settings (security, danger zone). */
export const account = {} as const
