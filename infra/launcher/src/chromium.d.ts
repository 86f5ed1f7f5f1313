/** Where Chromium is (chromium.mjs). */
export declare const CHROMIUM_PATH: string;
/** The flags every headless Chromium of the tests, audits and benchmarks starts with. */
export declare const CHROMIUM_QUIET_FLAGS: readonly string[];
