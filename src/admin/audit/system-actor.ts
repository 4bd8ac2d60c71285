/**
 * The actor of audit entries no person made (the retention policy's daily pass); the trail shows
 * "System". Its own file: the web client reads it without the route models' validators.
 */
export const SYSTEM_ACTOR_ID = '00000000-0000-0000-0000-000000000000'
