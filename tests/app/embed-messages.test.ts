/**
 * Issue 25 (decision 187): the messaging contract with a parent page, as both sides read it
 * (core/wire/embed-messages.schema.ts). Each message of the reference (docs/embedding.md) parses;
 * anything else, however close, is null.
 */
import { describe, expect, it } from 'vitest';
import {
  EMBED_MESSAGE_VERSION,
  EMBED_PROTOCOL,
  MAX_EMBED_MESSAGE_BYTES,
  embedMessage,
  isListedOrigin,
  readChildMessage,
  readParentMessage,
  type ChildMessage,
  type ParentMessage,
} from '../../core/wire/embed-messages.schema';

const envelope = { protocol: EMBED_PROTOCOL, version: EMBED_MESSAGE_VERSION };
const step = { ...envelope, type: 'step', taskDefinitionKey: 'submitPersonalInfo', stepIndex: 2, stepCount: 13, externalId: '2d4c1f3e-0000-4000-8000-000000000000', isFinal: false };
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwiZXhwIjo5OTk5OTk5OTk5fQ.c2lnbmF0dXJl';

describe('messages from the app to the parent', () => {
  it.each<[string, unknown]>([
    ['ready', { ...envelope, type: 'ready' }],
    ['a step', step],
    ['the first step, before the application exists', { ...step, taskDefinitionKey: 'createApplicationStep', stepIndex: 1, externalId: null }],
    ['a final step', { ...step, taskDefinitionKey: 'viewThankYouPage', stepIndex: 9, stepCount: 9, isFinal: true }],
    ['a height', { ...envelope, type: 'height', height: 1234 }],
  ])('reads %s', (_name, data) => {
    expect(readChildMessage(data)).toEqual(data);
  });

  it.each<[string, unknown]>([
    ['another version', { ...step, version: 2 }],
    ['another protocol', { ...step, protocol: 'someone-else' }],
    ['no envelope', { type: 'ready' }],
    ['an unknown type', { ...envelope, type: 'resize', height: 10 }],
    ['a field more', { ...step, note: 'x' }],
    ['a field less', { ...envelope, type: 'step', taskDefinitionKey: 'submitPersonalInfo', stepIndex: 2, stepCount: 13, isFinal: false }],
    ['a task key that is not one', { ...step, taskDefinitionKey: '<img src=x>' }],
    ['a step index of 0', { ...step, stepIndex: 0 }],
    ['a fractional height', { ...envelope, type: 'height', height: 10.5 }],
    ['a negative height', { ...envelope, type: 'height', height: -1 }],
    ['a height as text', { ...envelope, type: 'height', height: '100' }],
    ['a string', 'ready'],
    ['null', null],
    ['a parent message', { ...envelope, type: 'language', language: 'et' }],
  ])('ignores %s', (_name, data) => {
    expect(readChildMessage(data)).toBeNull();
  });
});

describe('messages from the parent to the app', () => {
  it.each<[string, unknown]>([
    ['a token refresh', { ...envelope, type: 'token-refresh', token: JWT }],
    ['a language', { ...envelope, type: 'language', language: 'ru' }],
  ])('reads %s', (_name, data) => {
    expect(readParentMessage(data)).toEqual(data);
  });

  const cyclic: Record<string, unknown> = { ...envelope, type: 'language', language: 'et' };
  cyclic.self = cyclic;
  it.each<[string, unknown]>([
    ['a language no app speaks', { ...envelope, type: 'language', language: 'de' }],
    ['a language tag, not a code', { ...envelope, type: 'language', language: 'et-EE' }],
    ['a token that is not a compact JWT', { ...envelope, type: 'token-refresh', token: 'abc.def' }],
    ['a token with a space', { ...envelope, type: 'token-refresh', token: `${JWT} ` }],
    ['a token too long', { ...envelope, type: 'token-refresh', token: `${'a'.repeat(4100)}.b.c` }],
    ['an oversized message', { ...envelope, type: 'language', language: 'et', padding: 'x'.repeat(MAX_EMBED_MESSAGE_BYTES) }],
    ['a cyclic object', cyclic],
    ['a function', () => 'language'],
    ['an array', [envelope]],
    ['an app message', { ...envelope, type: 'ready' }],
    ['another version', { ...envelope, version: 0, type: 'language', language: 'et' }],
  ])('ignores %s', (_name, data) => {
    expect(readParentMessage(data)).toBeNull();
  });
});

describe('embedMessage', () => {
  it('adds the envelope', () => {
    expect(embedMessage<ChildMessage>({ type: 'height', height: 5 })).toEqual({ protocol: 'solis-embed', version: 1, type: 'height', height: 5 });
    expect(readParentMessage(embedMessage<ParentMessage>({ type: 'language', language: 'lv' }))).toEqual({ ...envelope, type: 'language', language: 'lv' });
  });
});

describe('isListedOrigin', () => {
  const allowlist = ['https://partner.example', 'http://127.0.0.1:4173'];
  it.each([
    ['https://partner.example', true],
    ['http://127.0.0.1:4173', true],
    ['https://partner.example:443', false],
    ['https://partner.example.evil.example', false],
    ['https://evil.partner.example', false],
    ['http://partner.example', false],
    ['http://127.0.0.1:4174', false],
    ['null', false],
    ['*', false],
    ['', false],
  ])('%s: %s', (origin, listed) => {
    expect(isListedOrigin(origin, allowlist)).toBe(listed);
  });

  it('never lists null or *, even when configured so', () => {
    expect(isListedOrigin('null', ['null'])).toBe(false);
    expect(isListedOrigin('*', ['*'])).toBe(false);
    expect(isListedOrigin(undefined, allowlist)).toBe(false);
  });
});
