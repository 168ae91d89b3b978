/** Shelf's own version, reported as the default server version and in `/health`. */
export const SHELF_VERSION = "0.1.0";
