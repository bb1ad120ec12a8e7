/** `node:url` in the browser bundle: file URLs ↔ paths (the bundle keeps build-time file URLs). */
export function fileURLToPath(url: string | URL): string {
  return decodeURIComponent(new URL(url).pathname);
}

export function pathToFileURL(path: string): URL {
  return new URL(`file://${encodeURI(path)}`);
}
