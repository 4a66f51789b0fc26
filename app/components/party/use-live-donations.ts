import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/platform/ui/toast";

export type LiveState = "connecting" | "ready" | "offline";

/**
 * Listens to /painel/eventos: on each paid gift the page reloads its data (no full reload) and
 * celebrates with the spec's toast. EventSource reconnects by itself; after a reconnect the data
 * is refreshed once, so gifts paid while offline still show up.
 */
export function useLiveDonations(url = "/painel/eventos"): LiveState {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [state, setState] = useState<LiveState>("connecting");

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    let readyBefore = false;
    source.addEventListener("ready", () => {
      if (readyBefore) void revalidate.current();
      readyBefore = true;
      setState("ready");
    });
    source.addEventListener("donation", () => {
      void revalidate.current();
      toast.success("Nova doação recebida! 🎉", { description: "Sua festa acaba de receber uma nova contribuição!" });
    });
    // The session ended (logout, password reset): do not reconnect.
    source.addEventListener("end", () => {
      source.close();
      setState("offline");
    });
    source.addEventListener("error", () => setState(source.readyState === EventSource.CLOSED ? "offline" : "connecting"));
    return () => source.close();
  }, [url]);

  return state;
}
