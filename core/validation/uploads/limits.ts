import type { UploadFlow } from '../../domain/documents';

/** Section 3 and 5: allowed upload types (by file name extension). */
export const ALLOWED_UPLOAD_EXTENSIONS = ['pdf', 'asice', 'bdoc', 'edoc', 'jpg', 'jpeg', 'png'] as const;
export type UploadExtension = (typeof ALLOWED_UPLOAD_EXTENSIONS)[number];

/** Section 5: filename max 60 characters. */
export const FILE_NAME_MAX_LENGTH = 60;

const MB = 1024 * 1024;

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  extensions: readonly UploadExtension[];
}

/**
 * Section 5 and 9: size 20 per file by default, corporate 5 with 10 files, the Latvian pdf-only
 * flow 10 with 15 files. Units are not shown: read as MiB (docs/decisions/013-ambiguous-spec-rules.md);
 * the default flow's count is not given either: 15, the other stated limit.
 */
export const UPLOAD_LIMITS: Record<UploadFlow, UploadLimits> = {
  default: { maxFileBytes: 20 * MB, maxFiles: 15, extensions: ALLOWED_UPLOAD_EXTENSIONS },
  corporate: { maxFileBytes: 5 * MB, maxFiles: 10, extensions: ALLOWED_UPLOAD_EXTENSIONS },
  latviaPdf: { maxFileBytes: 10 * MB, maxFiles: 15, extensions: ['pdf'] },
};
