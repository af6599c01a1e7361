/** The real service. A member may point Longbox at another address (a self-hosted stand-in, say). */
export const DEFAULT_VERSEDB_URL = 'https://versedb.com';
export const VERSEDB_HOST_PERMISSION = 'https://versedb.com/*';
