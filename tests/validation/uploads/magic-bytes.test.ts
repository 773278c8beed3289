import { describe, expect, it } from 'vitest';
import { ASIC_E_MIMETYPE, contentMatchesExtension, detectFileType, isAsicEContainer } from '../../../core/validation/uploads/magic-bytes';

/**
 * The first zip local file header of an ASiC-E container, field by field (APPNOTE 4.3.7), so that
 * each test changes one field of an otherwise valid container.
 */
interface Header {
  signature?: readonly number[];
  flags?: number;
  compression?: number;
  name?: string;
  /** Overrides the name length field; the name's own length otherwise. */
  nameLength?: number;
  extra?: readonly number[];
  content?: string;
}

function u16(value: number): number[] {
  return [value & 0xff, (value >> 8) & 0xff];
}

function u32(value: number): number[] {
  return [...u16(value & 0xffff), ...u16(value >>> 16)];
}

function container({
  signature = [0x50, 0x4b, 0x03, 0x04],
  flags = 0,
  compression = 0,
  name = 'mimetype',
  nameLength = name.length,
  extra = [],
  content = ASIC_E_MIMETYPE,
}: Header = {}): Uint8Array {
  const bytes = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
  return Uint8Array.from([
    ...signature,
    ...u16(20), // version needed
    ...u16(flags),
    ...u16(compression),
    ...u16(0), // time
    ...u16(0), // date
    ...u32(0x12345678), // crc-32 (not checked)
    ...u32(content.length),
    ...u32(content.length),
    ...u16(nameLength),
    ...u16(extra.length),
    ...bytes(name),
    ...extra,
    ...bytes(content),
    // The next entry begins here in a real container.
    ...[0x50, 0x4b, 0x03, 0x04],
  ]);
}

describe('ASiC-E container recognised from its first zip entry', () => {
  it('accepts the plain container', () => {
    expect(isAsicEContainer(container())).toBe(true);
    expect(detectFileType(container())).toBe('asic-e');
  });

  it('accepts a container whose entry sets the UTF-8 name flag (bit 11, the high byte of the flags)', () => {
    // The flags sit just before the compression method: they are not part of it.
    expect(isAsicEContainer(container({ flags: 0x0800 }))).toBe(true);
  });

  it('accepts an entry with an extra field, reading the content after it', () => {
    expect(isAsicEContainer(container({ extra: [0x55, 0x54, 0x05, 0x00, 0x01, 0, 0, 0, 0] }))).toBe(true);
    expect(isAsicEContainer(container({ extra: [0, 0, 0, 0] }))).toBe(true);
  });

  it.each([
    ['a spanned-archive marker instead of a local header', { signature: [0x50, 0x4b, 0x07, 0x08] }],
    ['no zip signature at all', { signature: [0x00, 0x00, 0x00, 0x00] }],
    ['a deflated mimetype entry', { compression: 8 }],
    ['a compression method whose low byte is 0', { compression: 0x0100 }],
    ['a first entry with a longer name that begins with "mimetype"', { name: 'mimetypes' }],
    ['a name length of 8 + 256 in its high byte', { nameLength: 8 + 256 }],
    ['a first entry named otherwise with 8 letters', { name: 'mimetypf' }],
    ['another mimetype text', { content: 'application/vnd.etsi.asic-s+zip' }],
  ])('refuses %s', (_label, header) => {
    expect(isAsicEContainer(container(header))).toBe(false);
    expect(detectFileType(container(header))).toBe('unknown');
  });

  it('refuses a file too short to hold the header, or empty', () => {
    const whole = container();
    for (const length of [0, 3, 4, 29, 30, 37, 38 + ASIC_E_MIMETYPE.length - 1]) {
      expect(isAsicEContainer(whole.subarray(0, length)), `${length} bytes`).toBe(false);
    }
    expect(isAsicEContainer(whole.subarray(0, 38 + ASIC_E_MIMETYPE.length))).toBe(true);
  });
});

describe('signatures at the start of the file', () => {
  it('needs the whole signature: a file cut inside it is unknown', () => {
    expect(detectFileType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBe('unknown');
    expect(detectFileType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(detectFileType(Uint8Array.from([0xff, 0xd8]))).toBe('unknown');
    expect(detectFileType(Uint8Array.from([0xff, 0xd8, 0xff]))).toBe('jpeg');
    expect(detectFileType(Uint8Array.from(Array.from('%PDF', (c) => c.charCodeAt(0))))).toBe('unknown');
    expect(detectFileType(Uint8Array.from(Array.from('%PDF-', (c) => c.charCodeAt(0))))).toBe('pdf');
  });
});

describe('name and content agree', () => {
  it('refuses an extension outside the list whatever the content', () => {
    expect(contentMatchesExtension('container.zip', container())).toBe(false);
    expect(contentMatchesExtension('noextension', container())).toBe(false);
    expect(contentMatchesExtension('scan.tiff', Uint8Array.from([]))).toBe(false);
  });

  it('accepts each container extension for the container', () => {
    for (const name of ['a.asice', 'a.bdoc', 'a.edoc', 'A.ASICE']) expect(contentMatchesExtension(name, container()), name).toBe(true);
  });
});
