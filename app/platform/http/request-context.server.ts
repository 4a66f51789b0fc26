/**
 * What a request's log line and metrics need to know that only the route code learns: who is
 * asking. The pipeline opens one context per request (AsyncLocalStorage, so no function has to
 * pass it along); getOptionalUser records the user there.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestContext = { userId?: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** Called once the session is resolved; a no-op outside a request (scripts, jobs, tests). */
export function noteRequestUser(userId: string) {
  const context = storage.getStore();
  if (context) context.userId = userId;
}
