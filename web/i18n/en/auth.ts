/** Sign-in, sign-up, password reset and e-mail confirmation screens. */
export const auth = {} as const
