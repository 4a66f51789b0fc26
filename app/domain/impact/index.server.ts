/** The impact domain's public server interface: certificates, impact updates, thank-you messages, the monthly report. */
import type { Clock } from "~/platform/clock";
import type { Boss } from "~/platform/jobs/boss.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { startPartyCertificates } from "./certificate-job.server";
import { startMonthlyImpactReports } from "./monthly-impact.server";

export * from "./certificates.server";

/** The impact domain's background jobs (wired in app/jobs.server.ts). */
export async function startImpactJobs(boss: Boss, deps: { mailer: Mailer; publicUrl: string; clock: Clock }) {
  await startPartyCertificates(boss, deps);
  await startMonthlyImpactReports(boss, deps);
}
export * from "./impact-admin.server";
export * from "./institution-updates.server";
export * from "./impact-unit-proposals.server";
export * from "./impact-reviews.server";
