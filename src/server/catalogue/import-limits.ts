/** The largest file an import takes: 100,000 items with their texts fit in far less. */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;

/** The largest stock and price feed: about 100,000 lines. */
export const FEED_MAX_BYTES = 16 * 1024 * 1024;
