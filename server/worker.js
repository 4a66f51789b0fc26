// A worker's side of the conversation with the cluster's primary (server/primary.js, decision 174).
// The primary owns the listening socket and hands each accepted connection over with a
// "festa:conn" message; this worker serves every connection it is handed, even while stopping. On a
// stop it asks the primary to hand it nothing more ("festa:stopping"); the primary's "festa:stop",
// sent after every connection already on its way to this worker, is the signal that none is left
// in transit. Only then can the drain be over.

/** @param {{ requestStop: () => void }} lifecycle */
export function connectToPrimary({ requestStop }) {
  let httpServer;
  let adopt;
  let stopConfirmed = false;
  let confirm = () => {};
  const confirmed = new Promise((resolve) => (confirm = resolve));
  const onStopConfirmed = () => {
    stopConfirmed = true;
    confirm();
  };

  process.on("message", (message, handle) => {
    if (message?.type === "festa:conn") {
      if (httpServer && handle) adopt(httpServer, handle);
      else handle?.destroy();
    } else if (message?.type === "festa:stop") {
      onStopConfirmed();
      requestStop();
    }
  });
  // Without its primary nothing more can arrive (Node's cluster also ends a worker whose primary
  // went away).
  process.once("disconnect", onStopConfirmed);

  return {
    /** Takes connections from now on and tells the primary this worker is ready. */
    serve(server, mod, { port, host, line }) {
      httpServer = server;
      adopt = mod.adoptConnection;
      mod.serveHandedOverConnections(server);
      process.send?.({ type: "festa:ready", port, host, line });
    },
    /** Resolves once the primary confirms it hands this worker nothing more. */
    stopped() {
      if (!stopConfirmed && process.connected) process.send?.({ type: "festa:stopping" });
      return confirmed;
    },
  };
}
