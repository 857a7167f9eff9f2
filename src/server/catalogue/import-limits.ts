/** The largest file an import takes: 100,000 items with their texts fit in far less. */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;

/**
 * The most rows below the header an import reads: the 250,000-item catalogue the
 * benchmarks build fits in one file. A sheet numbering a row past it is refused
 * before the rows are held.
 */
export const IMPORT_MAX_ROWS = 250_000;

/**
 * The most an XLSX file may unpack to, every entry together, counted as it is
 * inflated (never from the sizes the archive declares, which may lie). Room for an
 * export of 250,000 items in all 25 columns, estimated at about 1 kB of sheet XML a row
 * plus its shared strings (not measured at that size).
 */
export const XLSX_MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

/**
 * The old-generation heap of the thread that parses a sheet: a second fence
 * behind the two caps above, past which the file is refused rather than the
 * server stopped.
 */
export const SHEET_READER_HEAP_MB = 1024;

/** Imports that may wait behind the running one; one more is refused with a 429. */
export const IMPORT_MAX_WAITING = 1;

/** The largest stock and price feed: about 100,000 lines. */
export const FEED_MAX_BYTES = 16 * 1024 * 1024;
