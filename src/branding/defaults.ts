/**
 * The tagline shown when BRAND_TAGLINE is not set. Pure, shared with the web client, which shows
 * this default in the user's language (a tagline an administrator sets is shown as written).
 */
export const DEFAULT_TAGLINE = 'Your team’s AI assistant'
