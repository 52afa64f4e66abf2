/**
 * An expected refusal: the status, a stable code for programs and a message for people.
 * The error plugin turns it into `{ success: false, code, message }`; anything that is not
 * an AppError is unexpected, logged, and answered with a bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'FORBIDDEN', message);
