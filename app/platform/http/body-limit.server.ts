/**
 * Request bodies are read here, before any route sees them, and never beyond the route's cap
 * (limits.server.ts): a declared Content-Length over the cap is refused unread, and a chunked body
 * is read only until it passes the cap. Either way the answer is 413 and the connection is closed,
 * so an anonymous 300 MB POST costs at most the cap in memory. The body that fits is handed to
 * React Router as bytes (react-router-handler.server.ts): an action never sees a truncated form.
 */
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { Logger } from "pino";
import { routingPathname } from "./request-target.server";

/** Where the body read here waits for the React Router handler. */
export function bufferedBody(res: ExpressResponse): Buffer | undefined {
  return res.locals.body as Buffer | undefined;
}

export function limitRequestBodies({ log, limitFor }: { log: Logger; limitFor: (path: string) => number }): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    // The path React Router will route (`/conta/../doar` is /doar), never the raw one: a cap chosen
    // from the raw path let 20 MB reach the donation form (issue 31). An unparsable target gets the
    // smallest cap there is.
    const limit = limitFor(routingPathname(req.originalUrl) ?? "/");
    const declared = req.headers["content-length"] === undefined ? undefined : Number(req.headers["content-length"]);
    if (declared !== undefined && declared > limit) return refuse(req, res, { log, limit, read: 0, declared });

    const chunks: Buffer[] = [];
    let read = 0;
    let settled = false;
    const cleanup = () => {
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("aborted", onGone);
    };
    const onData = (chunk: Buffer) => {
      if (settled) return;
      read += chunk.byteLength;
      if (read > limit) {
        cleanup();
        refuse(req, res, { log, limit, read, declared });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (settled) return;
      cleanup();
      res.locals.body = Buffer.concat(chunks, read);
      next();
    };
    // The client went away mid-body: there is nobody to answer.
    const onGone = () => cleanup();
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onGone);
    req.on("aborted", onGone);
  };
}

function refuse(
  req: ExpressRequest,
  res: ExpressResponse,
  { log, limit, read, declared }: { log: Logger; limit: number; read: number; declared: number | undefined },
) {
  // Stop reading: nothing more of this body is parsed, and the socket is closed after the answer.
  req.pause();
  log.warn({ path: req.path, limit, read, declared }, "request body over the limit");
  res.status(413).setHeader("Connection", "close");
  const message = `O envio passou do limite de ${formatBytes(limit)}.`;
  if (req.path.startsWith("/api/")) res.json({ error: message });
  else res.type("text/plain; charset=utf-8").send(message);
  // Node ends the connection after a `Connection: close` answer; make sure it does not linger
  // reading a body nobody will use (a short pause lets the client read the 413 first).
  res.once("finish", () => setTimeout(() => req.socket.destroy(), 1_000).unref());
}

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
