/**
 * A policy's days are whole numbers in this range (the org_settings checks hold the same bounds). Its
 * own file: the admin screen checks what is typed without the route models' validators.
 */
export const RETENTION_DAYS_MIN = 1
export const RETENTION_DAYS_MAX = 36_500
