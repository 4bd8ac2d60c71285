/** The offline demo model's id. Its own module, so the web client can name it without its texts. */
export const DEMO_MODEL_ID = 'demo'
