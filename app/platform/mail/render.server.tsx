import { renderToStaticMarkup } from "react-dom/server";

/** What the outbox stores for one message. */
export type RenderedEmail = { template: string; subject: string; html: string; text: string };

export function renderEmail(template: string, subject: string, element: React.ReactElement, text: string): RenderedEmail {
  return { template, subject, html: `<!DOCTYPE html>${renderToStaticMarkup(element)}`, text: text.trim() + "\n" };
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || fullName;
}
