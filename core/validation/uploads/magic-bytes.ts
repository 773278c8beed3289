import { MESSAGES } from '../messages';
import type { MessageKey } from '../messages';
import { fileExtension } from './files';
import type { UploadExtension } from './limits';

/** What a file really is, judged by its first bytes. */
export type DetectedFileType = 'pdf' | 'png' | 'jpeg' | 'asic-e' | 'unknown';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const PDF_SIGNATURE = Array.from('%PDF-', (c) => c.charCodeAt(0));
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/**
 * ASiC-E (ETSI EN 319 162): the first zip entry is named "mimetype", stored uncompressed,
 * holding this text. Estonian .asice/.bdoc and Latvian .edoc containers all carry it.
 */
export const ASIC_E_MIMETYPE = 'application/vnd.etsi.asic-e+zip';

/** A byte past the end reads as undefined, which equals no signature byte: no length check needed. */
function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

function uint16(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** True when the zip's first entry is an uncompressed "mimetype" holding the ASiC-E type. */
export function isAsicEContainer(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP_LOCAL_HEADER)) return false;
  const compression = uint16(bytes, 8);
  const nameLength = uint16(bytes, 26);
  const extraLength = uint16(bytes, 28);
  if (compression !== 0 || nameLength !== 8 || ascii(bytes, 30, 8) !== 'mimetype') return false;
  const dataStart = 30 + nameLength + extraLength;
  const content = ascii(bytes, dataStart, ASIC_E_MIMETYPE.length);
  return content === ASIC_E_MIMETYPE;
}

/**
 * The real type from the content (for the server's document endpoint, section 5 Uploads). Give
 * at least the first 1 KiB: the zip mimetype entry sits within the first ~100 bytes.
 */
export function detectFileType(bytes: Uint8Array): DetectedFileType {
  if (startsWith(bytes, PDF_SIGNATURE)) return 'pdf';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpeg';
  if (isAsicEContainer(bytes)) return 'asic-e';
  return 'unknown';
}

const EXPECTED_TYPE: Record<UploadExtension, DetectedFileType> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  asice: 'asic-e',
  bdoc: 'asic-e',
  edoc: 'asic-e',
};

/** True when the content is what the file name's extension claims. */
export function contentMatchesExtension(fileName: string, bytes: Uint8Array): boolean {
  // An extension outside the list finds no type, and detectFileType always returns one.
  const expected = (EXPECTED_TYPE as Record<string, DetectedFileType | undefined>)[fileExtension(fileName)];
  return detectFileType(bytes) === expected;
}

/** The message for a disguised or unknown file, or undefined when name and content agree. */
export function fileContentProblem(fileName: string, bytes: Uint8Array): MessageKey | undefined {
  if (!(fileExtension(fileName) in EXPECTED_TYPE)) return MESSAGES.fileTypeNotAllowed;
  return contentMatchesExtension(fileName, bytes) ? undefined : MESSAGES.fileContentMismatch;
}
