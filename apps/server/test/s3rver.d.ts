/** The part of s3rver's API the tests use (the package ships no types). */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  interface ListOptions {
    delimiter?: string;
    startAfter?: string;
    prefix?: string;
    maxKeys?: number;
  }
  interface Listing {
    objects: { key: string }[];
    commonPrefixes: string[];
    isTruncated: boolean;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Its file-system store (lib/stores/filesystem.js). */
    store: { listObjects(bucket: string, options: ListOptions): Promise<Listing> };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
