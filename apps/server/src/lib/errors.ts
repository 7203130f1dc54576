/** An error a client is meant to read: an HTTP status and a French message. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly issues?: { path: string; message: string }[];
  /**
   * Fields added to the error's envelope for the clients that act on it (a `code`, the
   * sign-in's second step); clients of the original shop read only the message.
   */
  readonly extra?: Record<string, unknown>;
  constructor(
    statusCode: number,
    message: string,
    issues?: { path: string; message: string }[],
    extra?: Record<string, unknown>,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.issues = issues;
    this.extra = extra;
  }
}

export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new AppError(400, message, issues);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
