/**
 * The web client's files as embedded in the compiled binary: URL path → path inside the binary's
 * file system. Empty when running from source, where the files are read from public/build.
 */
const embedded = new Map<string, string>()

export function registerEmbeddedAssets(assets: Record<string, string>): void {
  for (const [path, file] of Object.entries(assets)) embedded.set(path, file)
}

export function embeddedAsset(path: string): string | undefined {
  return embedded.get(path)
}

export const hasEmbeddedAssets = () => embedded.size > 0
