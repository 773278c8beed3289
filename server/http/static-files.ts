import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { matchAppRoute } from '../../core/domain/app-routes';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { AppEnv } from './app-env';
import { firstPageHtml, readFirstPageTexts, type FirstPageContext } from './first-page';
import { continuedStepHtml, readStepTopFiles, type ContinuedStepContext } from './step-top';

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

type ContentEncoding = 'br' | 'gzip';

/**
 * The build writes `<file>.br` and `<file>.gz` beside each text file (vite.config.ts, decision
 * 044). Brotli first: it is the smaller of the two for our scripts.
 */
const PRECOMPRESSED: ReadonlyArray<{ encoding: ContentEncoding; suffix: string }> = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/**
 * The content codings an `Accept-Encoding` header allows (RFC 9110 12.5.3): listed with a q-value
 * above 0, or covered by `*` with one. No header: none (identity only).
 */
export function acceptedEncodings(header: string | undefined): Set<ContentEncoding> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((item) => item.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = new Set<ContentEncoding>();
  for (const { encoding } of PRECOMPRESSED) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > 0) accepted.add(encoding);
  }
  return accepted;
}

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

/**
 * A precompressed file older than its original by more than this was left over when the file
 * changed after the build; copying dist/ file by file may leave a sibling a little older.
 */
const STALE_AFTER_MS = 1000;

/** The precompressed sibling to send, if the client accepts one and it is not stale. */
async function variantOf(file: string, accepted: Set<ContentEncoding>): Promise<{ file: string; encoding?: ContentEncoding }> {
  if (accepted.size === 0) return { file };
  const original = await stat(file);
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (!accepted.has(encoding)) continue;
    const sibling = await stat(`${file}${suffix}`).catch(() => undefined);
    if (sibling?.isFile() && sibling.mtimeMs > original.mtimeMs - STALE_AFTER_MS) return { file: `${file}${suffix}`, encoding };
  }
  return { file };
}

async function serve(c: Context<AppEnv>, file: string, cacheControl: string, status: 200 | 404 = 200): Promise<Response> {
  const variant = await variantOf(file, acceptedEncodings(c.req.header('accept-encoding')));
  const body = await readFile(variant.file);
  c.header('content-type', CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  c.header('cache-control', cacheControl);
  // Caches must keep the encodings apart, whether or not this reply is compressed.
  // `/` also depends on the session cookie (decision 206: the first step's top for a new applicant).
  c.header('vary', c.req.path === '/' ? 'accept-encoding, cookie' : 'accept-encoding');
  if (variant.encoding) c.header('content-encoding', variant.encoding);
  // HEAD: the same headers as GET, length included, without the body.
  c.header('content-length', String(body.length));
  c.status(status);
  return c.req.method === 'HEAD' ? c.body(null) : c.body(new Uint8Array(body));
}

/**
 * The built app (`STATIC_DIR`) with single-page fallback: a GET for one of the app's routes
 * (core/domain/app-routes.ts, in this business domain) that is not a file gets index.html, so deep
 * links and reloads work (issue 2). Any other path gets index.html too, so the app shows its 404
 * page, but with status 404 (issue 8). A missing file under /assets/ stays a plain 404: a stale
 * chunk must fail as a chunk load error (section 8), not as HTML. Text files go out precompressed
 * when the client accepts it.
 */
export function staticFilesHandler(
  staticDir: string,
  businessDomain: BusinessDomain,
  firstPage?: Omit<FirstPageContext, 'domain'> & {
    continuesApplication: (c: Context<AppEnv>) => Promise<boolean>;
    /** Decision 227: the step `/?externalId=` continues for this request's session, if it is its applicant's. */
    continuedStep?: (c: Context<AppEnv>, externalId: string) => Promise<ContinuedStepContext | undefined>;
  },
) {
  const root = path.resolve(staticDir);
  // Decision 206: `/` for a new applicant with the first step's top in the HTML, made once per index.html.
  let firstPageCache: { mtimeMs: number; html: string | undefined } | undefined;
  const firstPageFor = async (): Promise<string | undefined> => {
    if (!firstPage) return undefined;
    const index = path.join(root, 'index.html');
    const info = await stat(index).catch(() => undefined);
    if (!info) return undefined;
    if (firstPageCache?.mtimeMs !== info.mtimeMs) {
      const [html, texts] = await Promise.all([readFile(index, 'utf8'), readFirstPageTexts(root)]);
      firstPageCache = { mtimeMs: info.mtimeMs, html: firstPageHtml(html, texts, { ...firstPage, domain: businessDomain }) };
    }
    return firstPageCache.html;
  };
  // Decision 227: the build's manifest and the step tops' texts, read once per index.html.
  let stepTopCache: { mtimeMs: number; index: string; files: Awaited<ReturnType<typeof readStepTopFiles>> } | undefined;
  const continuedStepFor = async (step: ContinuedStepContext): Promise<string | undefined> => {
    const index = path.join(root, 'index.html');
    const info = await stat(index).catch(() => undefined);
    if (!info) return undefined;
    if (stepTopCache?.mtimeMs !== info.mtimeMs) {
      const [html, files] = await Promise.all([readFile(index, 'utf8'), readStepTopFiles(root)]);
      stepTopCache = { mtimeMs: info.mtimeMs, index: html, files };
    }
    return continuedStepHtml(stepTopCache.index, stepTopCache.files.manifest, stepTopCache.files.texts, step);
  };
  return async (c: Context<AppEnv>): Promise<Response> => {
    const requestPath = c.req.path;
    // `/?externalId=<id>` and nothing else: a continued application, shown as its applicant.
    const query = requestPath === '/' ? new URL(c.req.url).searchParams : undefined;
    const externalId = query && [...query.keys()].length === 1 ? query.get('externalId') : null;
    if (externalId && firstPage?.continuedStep) {
      const step = await firstPage.continuedStep(c, externalId);
      const html = step ? await continuedStepFor(step) : undefined;
      if (html !== undefined) {
        // This session's page: no shared cache may keep it, and the browser asks again each time.
        c.header('cache-control', 'private, no-cache');
        c.header('vary', 'accept-encoding, cookie');
        return c.html(html);
      }
    }
    if (requestPath === '/') {
      const html = firstPage && new URL(c.req.url).search === '' && !(await firstPage.continuesApplication(c)) ? await firstPageFor() : undefined;
      if (html !== undefined) {
        c.header('cache-control', REVALIDATE);
        c.header('vary', 'accept-encoding, cookie');
        // Compressed by the compression middleware (decision 201), as any text answer.
        return c.html(html);
      }
    }
    const file = await fileAt(root, requestPath);
    if (file) return serve(c, file, requestPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    if (requestPath.startsWith('/assets/')) return c.text('Not found', 404);
    const index = await fileAt(root, '/index.html');
    if (!index) return c.text('The app is not built: run `npm run build`.', 404);
    // Hono's path is already percent-decoded, as the browser's router sees it.
    const known = matchAppRoute(requestPath, businessDomain) !== undefined;
    return serve(c, index, REVALIDATE, known ? 200 : 404);
  };
}
