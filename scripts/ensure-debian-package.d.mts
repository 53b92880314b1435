/** Types of ensure-debian-package.mjs, for the TypeScript tests that import it. */
export declare function aptGet(args: readonly string[]): boolean;
export declare function ensureDebianPackage(pkg: string, file: string, why: string): string;
export declare const CJK_FONT: string;
export declare function ensureCjkFont(): string;
