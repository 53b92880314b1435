/** Types of chunk-ownership.mjs, for the TypeScript e2e specs that import it. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const RESTRICTED_SOURCE: RegExp;
export const ADMIN_ONLY_PACKAGES: string[];
export function readManifest(distDir: string): Manifest;
export function adminOnlyPackageChunks(manifest: Manifest, distDir?: string | null): Map<string, string[]>;
export function restrictedFiles(manifest: Manifest, options?: { distDir?: string }): Map<string, string>;
export function restrictedRequests(
  restricted: Map<string, string>,
  urls: Iterable<string>,
): { url: string; file: string; owner: string }[];
