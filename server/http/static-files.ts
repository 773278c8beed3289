import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import type { AppEnv } from './app-env';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Vite names what it emits under /assets/ by content hash: a name never changes its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html first) is revalidated so a deployment shows at once. */
const REVALIDATE = 'no-cache';

async function fileAt(root: string, requestPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`)) return undefined;
  const info = await stat(resolved).catch(() => undefined);
  return info?.isFile() ? resolved : undefined;
}

async function serve(c: Context<AppEnv>, file: string, cacheControl: string): Promise<Response> {
  const body = await readFile(file);
  c.header('content-type', CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  c.header('cache-control', cacheControl);
  return c.req.method === 'HEAD' ? c.body(null) : c.body(new Uint8Array(body));
}

/**
 * The built app (`STATIC_DIR`) with single-page fallback: any GET that is not a file gets
 * index.html, so deep links and reloads of client routes work (issue 2). A missing file under
 * /assets/ stays a 404: a stale chunk must fail as a chunk load error (section 8), not as HTML.
 */
export function staticFilesHandler(staticDir: string) {
  const root = path.resolve(staticDir);
  return async (c: Context<AppEnv>): Promise<Response> => {
    const requestPath = c.req.path;
    const file = await fileAt(root, requestPath);
    if (file) return serve(c, file, requestPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    if (requestPath.startsWith('/assets/')) return c.text('Not found', 404);
    const index = await fileAt(root, '/index.html');
    if (!index) return c.text('The app is not built: run `npm run build`.', 404);
    return serve(c, index, REVALIDATE);
  };
}
