import type { MessageKey } from '../messages';
import { MESSAGES } from '../messages';
import { FILE_NAME_MAX_LENGTH, UPLOAD_LIMITS } from './limits';
import type { UploadFlow } from '../../domain/documents';
import type { UploadExtension } from './limits';

/** What the checks need of a file: a browser File and the server's upload both have these. */
export interface UploadCandidate {
  name: string;
  size: number;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The single-file checks (section 5 and 8): name length, type, empty file, size. */
export function fileProblem(file: UploadCandidate, flow: UploadFlow): MessageKey | undefined {
  const limits = UPLOAD_LIMITS[flow];
  if (file.name.length > FILE_NAME_MAX_LENGTH) return MESSAGES.fileNameTooLong;
  if (!isAllowedExtension(fileExtension(file.name), flow)) return MESSAGES.fileTypeNotAllowed;
  if (file.size <= 0) return MESSAGES.fileEmpty;
  if (file.size > limits.maxFileBytes) return MESSAGES.fileTooLarge;
  return undefined;
}

/** Two files are the same file when name and size match (what a browser can tell). */
export function isSameFile(a: UploadCandidate, b: UploadCandidate): boolean {
  return a.name === b.name && a.size === b.size;
}

export interface UploadProblem {
  index: number;
  message: MessageKey;
}

/**
 * Checks a list: the files already accepted first, then the new ones. Each new file gets its
 * own problem (invalid, duplicate of an earlier one, or over the count limit); accepted files
 * are never re-judged.
 */
export function uploadProblems(
  accepted: readonly UploadCandidate[],
  added: readonly UploadCandidate[],
  flow: UploadFlow,
): UploadProblem[] {
  const kept: UploadCandidate[] = [...accepted];
  const problems: UploadProblem[] = [];
  added.forEach((file, index) => {
    const message =
      fileProblem(file, flow) ??
      (kept.some((other) => isSameFile(other, file)) ? MESSAGES.fileDuplicate : undefined) ??
      (kept.length >= UPLOAD_LIMITS[flow].maxFiles ? MESSAGES.filesTooMany : undefined);
    if (message) problems.push({ index, message });
    else kept.push(file);
  });
  return problems;
}

export function isAllowedExtension(extension: string, flow: UploadFlow): extension is UploadExtension {
  return (UPLOAD_LIMITS[flow].extensions as readonly string[]).includes(extension);
}
