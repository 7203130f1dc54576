import { MSG } from "@shop/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { fail } from "../lib/envelope.ts";
import { AppError } from "../lib/errors.ts";

const BY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MSG.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MSG.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MSG.bodyTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, MSG.imageTooLarge],
  FST_FILES_LIMIT: [413, MSG.bodyTooLarge],
  FST_FIELDS_LIMIT: [413, MSG.bodyTooLarge],
  FST_PARTS_LIMIT: [413, MSG.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MSG.unsupportedMediaType],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, MSG.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MSG.invalidInput],
};

/**
 * The one error handler: every failure leaves as the envelope with a French message and its
 * real status; a 5xx is logged with its cause and the client only reads a generic message.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(fail(error.message, error.issues, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split("/").filter(Boolean)].join("."),
        message: v.message ?? MSG.invalidInput,
      }));
      return reply.status(400).send(fail(issues[0]?.message ?? MSG.invalidInput, issues));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response does not match its schema");
      return reply.status(500).send(fail(MSG.serverError));
    }
    const known = error.code ? BY_CODE[error.code] : undefined;
    if (known) return reply.status(known[0]).send(fail(known[1]));
    if (error.statusCode === 429) return reply.status(429).send(fail(MSG.tooManyRequests));
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send(fail(MSG.invalidJson));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, "client error");
      return reply.status(error.statusCode).send(fail(MSG.invalidInput));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(fail(MSG.serverError));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(fail(MSG.notFoundRoute)));
});
