/** Server errors by their stable `code` (src/**: `new AppError(code, ...)`); the key is `error.<code>`. */
export const errors = {} as const
