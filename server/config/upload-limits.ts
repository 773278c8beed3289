/**
 * Issue 23 item 4 (docs/decisions/179-upload-limits-steps-and-names.md): how much one person and one
 * client address may upload in an hour, in files and MiB. Refused and removed files count too: the
 * limit is on what was sent, not on what is kept.
 */
import { UPLOAD_LIMITS } from '../../core/validation/uploads/limits';
import { readInteger, type Environment } from './env';

export interface UploadLimitSettings {
  /** Per person (session or token subject), files an hour. */
  filesPerHour: number;
  /** Per person, MiB an hour (the request's size: the file and its form). */
  mibPerHour: number;
  /** Per client address (an office shares one), files an hour. */
  clientFilesPerHour: number;
  /** Per client address, MiB an hour. */
  clientMibPerHour: number;
}

const MIB = 1024 * 1024;

/** The most files one upload step takes (section 5: 15) and the failed attempts it allows (decision 133: 5). */
const LARGEST_STEP_FILES = Math.max(...Object.values(UPLOAD_LIMITS).map((limits) => limits.maxFiles));
export const STEP_ATTEMPTS_ROOM = 5;

/** Below this a person could not send the largest file section 5 allows (with its form's parts): 21 MiB. */
export const MIN_UPLOAD_MIB_PER_HOUR = Math.ceil((Math.max(...Object.values(UPLOAD_LIMITS).map((limits) => limits.maxFileBytes)) + 64 * 1024) / MIB);

/**
 * Per person: the largest step's 15 files and room for 5 retries or replacements an hour; 100 MiB an
 * hour, five files of the largest size or twenty of 5 MiB. Per client address five people's worth.
 */
export const DEFAULT_UPLOAD_LIMITS: UploadLimitSettings = {
  filesPerHour: LARGEST_STEP_FILES + STEP_ATTEMPTS_ROOM,
  mibPerHour: 100,
  clientFilesPerHour: 5 * (LARGEST_STEP_FILES + STEP_ATTEMPTS_ROOM),
  clientMibPerHour: 500,
};

export function readUploadLimits(env: Environment): UploadLimitSettings {
  const files = (name: string, fallback: number) => readInteger(env, name, fallback, { min: 1, max: 1_000_000 });
  const mib = (name: string, fallback: number) => readInteger(env, name, fallback, { min: MIN_UPLOAD_MIB_PER_HOUR, max: 10_000_000 });
  return {
    filesPerHour: files('UPLOAD_LIMIT_FILES_PER_HOUR', DEFAULT_UPLOAD_LIMITS.filesPerHour),
    mibPerHour: mib('UPLOAD_LIMIT_MIB_PER_HOUR', DEFAULT_UPLOAD_LIMITS.mibPerHour),
    clientFilesPerHour: files('CLIENT_UPLOAD_LIMIT_FILES_PER_HOUR', DEFAULT_UPLOAD_LIMITS.clientFilesPerHour),
    clientMibPerHour: mib('CLIENT_UPLOAD_LIMIT_MIB_PER_HOUR', DEFAULT_UPLOAD_LIMITS.clientMibPerHour),
  };
}
