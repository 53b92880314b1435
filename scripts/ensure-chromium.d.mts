/** Types of ensure-chromium.mjs, for the TypeScript e2e config and specs that import it. */
export declare const CHROMIUM: string;
export declare const TEST_CHROMIUM: string;
export declare const CHROMIUM_FLAGS: string[];
export declare function ensureChromium(): string;
export declare function ensureTestChromium(): string;
