/**
 * Issue 26 item 1 (decision 201): what a budget phone on a slow network downloads before its first
 * paint. Every text answer over 1 kB goes out gzip-compressed when the client accepts it, the runtime
 * configuration first (the page waits for it before anything else); and the product data of the
 * products a page initialises comes in one request.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductData } from '../../core/domain/product-data';
import { isWebProduct, productsForChannel } from '../../core/domain/products';
import { PRICING_BATCH_MAX } from '../../core/wire/pricing.schema';
import { productTableOf } from '../support/product-data';
import { startTestApp, TEST_ORIGIN, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

const WEB_PRODUCTS = productsForChannel('retail-banking-ee', 'WEBPAGE', 'EE')
  .filter((item) => isWebProduct(item.productName))
  .map((item) => item.productName);

/** The raw answer as a browser gets it before decoding: its headers and the bytes on the wire. */
async function raw(path: string, init: { method?: string; body?: unknown; acceptEncoding?: string } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (init.acceptEncoding !== undefined) headers['accept-encoding'] = init.acceptEncoding;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await t.app.request(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('compressed answers (decision 201)', () => {
  it('sends the runtime configuration gzip-compressed to a browser that accepts it, the same JSON once decoded', async () => {
    const plain = await raw('/api/v1/runtime-config');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const compressed = await raw('/api/v1/runtime-config', { acceptEncoding: 'gzip, deflate, br, zstd' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(compressed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(compressed.bytes.length).toBeLessThan(plain.bytes.length);
    expect(JSON.parse(gunzipSync(compressed.bytes).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
  });

  it('compresses the API’s JSON answers too, and leaves a client that asks for none, or a HEAD, alone', async () => {
    const body = { productNames: WEB_PRODUCTS };
    const compressed = await raw('/api/v2/pricing-conditions/batch', { method: 'POST', body, acceptEncoding: 'gzip' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    const decoded = JSON.parse(gunzipSync(compressed.bytes).toString('utf8')) as Data<{ products: ProductData[] }>;
    expect(decoded.data.products.map((product) => product.productName)).toEqual(WEB_PRODUCTS);
    const identity = await raw('/api/v2/pricing-conditions/batch', { method: 'POST', body, acceptEncoding: 'identity' });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(identity.bytes.toString('utf8'))).toEqual(decoded);
    const head = await raw('/api/v1/runtime-config', { method: 'HEAD', acceptEncoding: 'gzip' });
    expect(head.headers.get('content-encoding')).toBeNull();
    expect(compressed.headers.get('content-length')).toBe(String(compressed.bytes.length));
  });

  it('leaves answers under 1 kB as they are (gzip would not pay for its own header)', async () => {
    const small = await raw('/api/health', { acceptEncoding: 'gzip' });
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(JSON.parse(small.bytes.toString('utf8'))).toBeTruthy();
  });
});

describe('POST /api/v2/pricing-conditions/batch (decision 201)', () => {
  it('answers the products asked for in the order asked, each as the single call answers it', async () => {
    expect(WEB_PRODUCTS.length).toBeGreaterThan(1);
    const client = t.client();
    const asked = [...WEB_PRODUCTS].reverse();
    const reply = await client.post<Data<{ products: ProductData[] }>>('/api/v2/pricing-conditions/batch', { productNames: asked });
    expect(reply.status).toBe(200);
    const table = productTableOf('retail-banking-ee');
    expect(reply.body.data.products).toEqual(asked.map((name) => table[name]));
    for (const productName of asked) {
      const single = await client.post<Data<ProductData>>('/api/v2/pricing-conditions', { productName });
      expect(single.body.data, productName).toEqual(reply.body.data.products[asked.indexOf(productName)]);
    }
  });

  it('answers not found when a product is not offered in the domain, and refuses an empty or oversized list', async () => {
    const client = t.client();
    expect((await client.post('/api/v2/pricing-conditions/batch', { productNames: ['SMALL_LOAN', 'OPERATING_LOAN'] })).status).toBe(404);
    expect((await client.post('/api/v2/pricing-conditions/batch', { productNames: [] })).status).toBe(422);
    expect((await client.post('/api/v2/pricing-conditions/batch', { productNames: Array(PRICING_BATCH_MAX + 1).fill('SMALL_LOAN') })).status).toBe(422);
    expect((await client.post('/api/v2/pricing-conditions/batch', {})).status).toBe(422);
  });
});
