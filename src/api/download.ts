/**
 * A document download as a blob (issue 12: the contract, the pre-contract information), apart from
 * the client so that only the steps that offer documents load it (the first page's budget, decision
 * 041). It shares the client's request and reply handling: Accept-Language, the embedded bearer token
 * and role (a bare link would carry neither), the session expiry header and the error mapping.
 */
import { API_BASES, ApiError, afterResponse, apiBaseUrl, appErrorFromResponse, beforeRequest, type ApiBase } from './client';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const DOWNLOAD_TIMEOUT_MS = 60_000;

/** The file name of a `content-disposition: attachment; filename="..."` reply, else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** GETs a file; refused replies become the client's typed errors. Safe to repeat, so the person may retry. */
export async function downloadFile(path: string, options: { base?: ApiBase; signal?: AbortSignal; fallbackName: string }): Promise<DownloadedFile> {
  const headers = new Headers();
  const query = beforeRequest(headers, undefined);
  const search = query ? `?${new URLSearchParams(query as Record<string, string>).toString()}` : '';
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${API_BASES[options.base ?? 'v2']}${path.replace(/^\/+/, '')}${search}`, { credentials: 'include', headers, signal });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (timeout.aborted) throw new ApiError({ kind: 'timeout', message: `The download did not complete within ${DOWNLOAD_TIMEOUT_MS} ms.` });
    throw new ApiError({ kind: 'network', message: error instanceof Error ? error.message : 'The download failed.' });
  }
  afterResponse(response.headers);
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(appErrorFromResponse(response.status, body));
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), options.fallbackName) };
}
