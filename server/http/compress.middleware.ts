import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppEnv } from './app-env';
import { acceptedEncodings } from './static-files';

const gzipAsync = promisify(gzip);

/** Below this, gzip's own header and trailer eat most of what it saves (and the answer fits one packet). */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Decision 207: an answer up to this size is compressed on the main thread. Handing a 1 kB answer to
 * the thread pool costs several times the compression itself (measured: about 190 µs of CPU per call
 * against 35 µs, the same bytes); a larger one still goes off the main thread.
 */
export const COMPRESS_ON_MAIN_THREAD_MAX_BYTES = 16 * 1024;

/**
 * Issue 26 item 1 (decision 201): every text answer of at least 1 kB goes out gzip-compressed when
 * the client accepts gzip (the runtime configuration the first page waits for, the API's JSON, the
 * server-rendered pages). An answer already encoded (the built app's precompressed files), a partial
 * one, one marked `no-transform`, an event stream and a HEAD are left as they are. The answer is
 * buffered (the app's text answers are whole JSON or HTML documents, never streams) so the threshold
 * applies to its real length; gzip runs at zlib's default level, off the main thread for an answer over
 * 16 kB (decision 207).
 */
export function compressMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('content-type');
    if (
      c.req.method === 'HEAD' ||
      !response.body ||
      response.status === 206 ||
      response.headers.has('content-encoding') ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.headers.get('cache-control') ?? '')
    ) {
      return;
    }
    // Caches must keep the encodings apart, whether or not this answer is compressed.
    const vary = response.headers.get('vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      response.headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!acceptedEncodings(c.req.header('accept-encoding')).has('gzip')) return;
    if (Number(response.headers.get('content-length') ?? Number.NaN) < COMPRESS_THRESHOLD_BYTES) return;
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length < COMPRESS_THRESHOLD_BYTES) {
      c.res = new Response(body, response);
      return;
    }
    const compressed = body.length <= COMPRESS_ON_MAIN_THREAD_MAX_BYTES ? gzipSync(body) : await gzipAsync(body);
    // Hono's setter carries the old answer's headers over: the encoding and length are set after it.
    c.res = new Response(compressed, response);
    c.res.headers.set('content-encoding', 'gzip');
    c.res.headers.set('content-length', String(compressed.length));
  };
}
