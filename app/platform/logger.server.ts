import cluster from "node:cluster";
import pino, { type LoggerOptions } from "pino";
import { scrubLogObject, scrubText, serializeError } from "~/platform/logging/redact.server";

/** Exported so tests can build the same logger over a stream they read. */
export const loggerOptions: LoggerOptions = {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  // In a cluster (WEB_CONCURRENCY) each line says which worker process wrote it.
  base: cluster.isWorker ? { worker: cluster.worker?.id } : undefined,
  // Every line's own fields are scrubbed (query tokens, query parameters in errors, secret-named
  // fields); the redact paths are a second net for header objects logged whole.
  formatters: { log: (object) => scrubLogObject(object) as Record<string, unknown> },
  serializers: {
    err: serializeError,
    msg: (msg: unknown) => (typeof msg === "string" ? scrubText(msg) : msg),
  },
  redact: {
    paths: [
      "req.headers.cookie",
      "req.headers.authorization",
      "res.headers['set-cookie']",
      "headers.cookie",
      "headers.authorization",
      "*.password",
      "*.donorEmail",
    ],
    censor: "[redacted]",
  },
};

export const logger = pino(loggerOptions);
