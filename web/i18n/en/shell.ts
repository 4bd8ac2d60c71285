/** The signed-in frame: header, sidebar, chat list, composer, model picker, budget banner, theme, admin area, and shared UI pieces. */
export const shell = {} as const
