/** Zips the files of `dir` into `zipFile` (deflate, UTF-8 names); returns the zip's size in bytes. */
export function writeZip(dir: string, zipFile: string, date?: Date): number;
