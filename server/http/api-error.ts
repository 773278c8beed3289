import type { ApiErrorCode, ErrorDetails, FieldErrors } from '../../core/wire/envelope.schema';

/** The status each error code answers with (docs/architecture.md, "Error codes and statuses"). */
export const STATUS_OF_CODE = {
  VALIDATION_FAILED: 422,
  VERSION_CONFLICT: 409,
  STEP_OUT_OF_ORDER: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN_ORIGIN: 403,
  PROCESS_NOT_AVAILABLE: 501,
  RATE_LIMITED: 429,
  BAD_REQUEST: 400,
  SANDBOX_FAILURE: 500,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CAPTCHA_FAILED: 400,
  ESIGN_CERTIFICATE_INACTIVE: 422,
  ESIGN_SIGNING_REFUSED: 422,
  SIGNING_NOT_AVAILABLE: 409,
  PROVIDER_UNAVAILABLE: 503,
  FORBIDDEN: 403,
  LINK_EXPIRED: 410,
  LINK_FOR_ANOTHER_PERSON: 403,
} as const satisfies Record<ApiErrorCode, number>;

/** A failure the API answers on purpose; anything else thrown becomes 500 INTERNAL. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly details: ErrorDetails | undefined;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    options: { status?: number; fieldErrors?: FieldErrors; details?: ErrorDetails } = {},
  ) {
    super(message);
    this.status = options.status ?? STATUS_OF_CODE[code];
    this.fieldErrors = options.fieldErrors;
    this.details = options.details;
  }

  toBody(): { error: { code: ApiErrorCode; message: string; fieldErrors?: FieldErrors; details?: ErrorDetails } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export const notFound = (): ApiError => new ApiError('NOT_FOUND', 'Not found.');
