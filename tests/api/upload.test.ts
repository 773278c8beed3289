/**
 * The upload call (issue 13): the one call that goes through XMLHttpRequest, for its progress. A
 * fake XMLHttpRequest stands in for the browser's (Node has none); it records what is sent and
 * answers as a server would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ApiError, configureApiClient, getSessionExpiry, resetApiClient, setAcceptLanguage, setEmbeddedAuth, toAppError } from '../../src/api/client';
import { uploadWithProgress } from '../../src/api/upload';
import { SESSION_EXPIRES_HEADER } from '../../core/wire/envelope.schema';

class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  timeout = 0;
  body: unknown = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  answer(status: number, json: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.responseHeaders = headers;
    this.onload?.();
  }
}

const Stored = v.object({ documentId: v.string() });
const form = () => {
  const body = new FormData();
  body.append('documentPurpose', 'BANK_STATEMENT');
  return body;
};

beforeEach(() => {
  resetApiClient();
  configureApiClient({ baseUrl: 'https://bank.example' });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('uploadWithProgress', () => {
  it('posts the form with cookies, the language and the embedded token and role, reports progress and unwraps the reply', async () => {
    setAcceptLanguage('et-EE');
    setEmbeddedAuth({ token: 't0k3n', role: 'CUSTOMER_ADMINISTRATOR' });
    const progress: number[] = [];
    const body = form();
    const reply = uploadWithProgress('application-process/a-1/document', body, { schema: Stored, onProgress: (fraction) => progress.push(fraction) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('https://bank.example/api/v1/application-process/a-1/document?role=CUSTOMER_ADMINISTRATOR');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toEqual({ 'accept-language': 'et-EE', authorization: 'Bearer t0k3n' });
    expect(xhr.body).toBe(body);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 60, total: 0 });
    xhr.answer(200, { data: { documentId: 'd-1' } }, { [SESSION_EXPIRES_HEADER]: '2030-01-01T10:00:00.000Z' });
    await expect(reply).resolves.toEqual({ documentId: 'd-1' });
    expect(progress).toEqual([0.25]);
    expect(getSessionExpiry()).not.toBeNull();
  });

  it("fails with the server's field errors, and with a typed error for a malformed reply", async () => {
    const refused = uploadWithProgress('x', form(), { schema: Stored, onProgress: () => undefined });
    FakeXhr.last!.answer(422, { error: { code: 'VALIDATION_FAILED', message: 'no', fieldErrors: { file: ['validation.messages.fileDuplicate'] } } });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(toAppError(error)).toEqual({ kind: 'validation', message: 'no', fieldErrors: { file: ['validation.messages.fileDuplicate'] } });

    const malformed = uploadWithProgress('x', form(), { schema: Stored, onProgress: () => undefined });
    FakeXhr.last!.answer(200, { data: { id: 1 } });
    expect(toAppError(await malformed.catch((e: unknown) => e))).toMatchObject({ kind: 'server', code: 'MALFORMED_RESPONSE' });
  });

  it('a dropped connection is a network error, a slow one a timeout; the caller may cancel', async () => {
    const dropped = uploadWithProgress('x', form(), { schema: Stored, onProgress: () => undefined });
    FakeXhr.last!.onerror?.();
    expect(toAppError(await dropped.catch((e: unknown) => e)).kind).toBe('network');

    const slow = uploadWithProgress('x', form(), { schema: Stored, onProgress: () => undefined, timeoutMs: 5 });
    expect(FakeXhr.last!.timeout).toBe(5);
    FakeXhr.last!.ontimeout?.();
    expect(toAppError(await slow.catch((e: unknown) => e)).kind).toBe('timeout');

    const controller = new AbortController();
    const cancelled = uploadWithProgress('x', form(), { schema: Stored, onProgress: () => undefined, signal: controller.signal });
    const xhr = FakeXhr.last!;
    controller.abort(new DOMException('left the step', 'AbortError'));
    expect(xhr.aborted).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError', message: 'left the step' });
  });
});
