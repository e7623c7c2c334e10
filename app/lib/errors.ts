/** Typed errors with a stable code; the wire registry and routes map them to status codes. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
export class Invalid extends AppError {
  constructor(message: string, code = 'invalid_request') {
    super(400, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message: string, code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found', code = 'not_found') {
    super(404, code, message);
  }
}
