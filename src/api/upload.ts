/**
 * The upload call with progress (issue 13, decision 150), apart from the client so that only the
 * upload steps load it (the first page's budget, decision 041). It shares the client's request and
 * reply handling.
 */
import type * as v from 'valibot';
import { API_BASES, ApiError, afterResponse, apiBaseUrl, appErrorFromResponse, beforeRequest, parsedData } from './client';

export interface UploadOptions<S extends v.GenericSchema> {
  schema: S;
  /** Told the share of the body sent so far (0 to 1). */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
  /** The whole upload's; defaults to two minutes (a 20 MiB file on a slow mobile connection). */
  timeoutMs?: number;
}

const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POSTs a multipart body with upload progress (issue 13: each file's progress is shown). fetch tells
 * nothing of a request body's progress, so this one call goes through XMLHttpRequest, with what every
 * call carries and the same errors. Never retried: a file that failed is sent again by the person
 * (the server refuses a second copy of one that did arrive).
 */
export function uploadWithProgress<S extends v.GenericSchema>(path: string, body: FormData, options: UploadOptions<S>): Promise<v.InferOutput<S>> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const headers = new Headers();
    const query = beforeRequest(headers, undefined);
    const search = query ? `?${new URLSearchParams(query as Record<string, string>).toString()}` : '';
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl()}${API_BASES.v1}${path.replace(/^\/+/, '')}${search}`);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: () => void) => {
      options.signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      settle(() => {
        afterResponse({ get: (name) => xhr.getResponseHeader(name) });
        let data: unknown;
        try {
          data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
        } catch {
          data = undefined;
        }
        if (xhr.status >= 400 || xhr.status === 0) return reject(new ApiError(appErrorFromResponse(xhr.status, data)));
        try {
          resolve(parsedData(options.schema, data, `POST ${path}`));
        } catch (e) {
          reject(e);
        }
      });
    xhr.onerror = () => settle(() => reject(new ApiError({ kind: 'network', message: 'The file could not be sent.' })));
    xhr.ontimeout = () => settle(() => reject(new ApiError({ kind: 'timeout', message: `The upload did not complete within ${xhr.timeout} ms.` })));
    xhr.onabort = () => settle(() => reject(options.signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError')));
    xhr.send(body);
  });
}

