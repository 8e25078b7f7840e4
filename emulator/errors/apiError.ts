/**
 * The error class the emulator throws: every error it answers is an {@link EmulatorApiError},
 * rendered by the app's one error handler into ngrok's error body (see `index.ts`, the factory of
 * each error the emulator answers).
 */

/** The JSON body of every error response. */
export interface EmulatorErrorBody {
  /** `ERR_NGROK_<n>` from ngrok's catalogue; absent when the catalogue has no code for the case. */
  error_code?: string;
  /** Same as the HTTP status of the response. */
  status_code: number;
  /** Human-readable message, following the catalogue's wording. */
  msg: string;
  /** Always carries `operation_id` (also sent as the `Ngrok-Operation-Id` header). */
  details: { operation_id: string; [key: string]: string };
}

/**
 * The brand check behind the error classes' static `isInstance()`: true when `obj` is an object
 * whose property `brand` is `true`. A brand, unlike `instanceof`, also recognises an error made
 * by another copy of this package.
 */
export function isBranded(obj: unknown, brand: string): boolean {
  return (
    typeof obj === "object" && obj !== null && brand in obj && Reflect.get(obj, brand) === true
  );
}

/** Options of an {@link EmulatorApiError} beyond status, code and message. */
export interface EmulatorApiErrorOptions {
  /** Extra string entries for `details` (never `operation_id`, which the handler fills). */
  details?: Record<string, string>;
  /** Extra response headers, e.g. `Allow` on a 405 or `Retry-After` on a 429. */
  headers?: Record<string, string>;
}

/**
 * An error that renders as ngrok's error body. Throw it (or `reply.send` it) from any handler or
 * hook; the app's error handler renders it. `statusCode` is the HTTP status. Named apart from the
 * API client's `NgrokApiError` (what a client receives), since this is what the emulator answers.
 */
export class EmulatorApiError extends Error {
  /** Brand checked by {@link EmulatorApiError.isInstance}. */
  readonly __emulatorApiError = true;
  /** HTTP status of the answer, e.g. 404. */
  readonly statusCode: number;
  /** `ERR_NGROK_<n>`, or `undefined` where ngrok's catalogue has no code for the case. */
  readonly errorCode: string | undefined;
  /** Extra `details` entries of the body (the handler adds `operation_id`). */
  readonly details: Record<string, string>;
  /** Extra response headers, e.g. `Allow` or `Retry-After`. */
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    errorCode: string | undefined,
    msg: string,
    options: EmulatorApiErrorOptions = {},
  ) {
    super(msg);
    this.name = "EmulatorApiError";
    this.statusCode = statusCode;
    this.errorCode = errorCode;
    this.details = { ...(options.details ?? {}) };
    this.headers = { ...(options.headers ?? {}) };
  }

  /**
   * Whether `obj` is an {@link EmulatorApiError}, also one made by another copy of this package
   * (a brand check, not `instanceof`).
   */
  static isInstance(obj: unknown): obj is EmulatorApiError {
    return isBranded(obj, "__emulatorApiError");
  }

  /** The response body for this error, with the given operation id. */
  toBody(operationId: string): EmulatorErrorBody {
    const body: EmulatorErrorBody = {
      status_code: this.statusCode,
      msg: this.message,
      details: { ...this.details, operation_id: operationId },
    };
    return this.errorCode === undefined ? body : { error_code: this.errorCode, ...body };
  }
}
