import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";

/**
 * The one place that knows when a party goes offline (decisions.md, Parties): public while
 * active and until 5 calendar days after its event date in America/Sao_Paulo. /festa, /eventos,
 * /painel and /doar all ask here.
 */
const PARTY_OFFLINE_AFTER_DAYS = 5;

export type PartyVisibility = "live" | "ended" | "inactive";

/** The last São Paulo calendar day on which a party with this event date is still public. */
function lastLiveDate(eventDate: string): string {
  return addCalendarDays(eventDate, PARTY_OFFLINE_AFTER_DAYS);
}

/** The oldest event date still public today (for SQL: event_date >= this). */
export function oldestLiveEventDate(today: string = todayInSaoPaulo()): string {
  return addCalendarDays(today, -PARTY_OFFLINE_AFTER_DAYS);
}

/** `today` is a São Paulo calendar date (YYYY-MM-DD); ISO dates compare as strings. */
export function partyVisibility(party: { active: boolean; eventDate: string }, today: string = todayInSaoPaulo()): PartyVisibility {
  if (!party.active) return "inactive";
  return today <= lastLiveDate(party.eventDate) ? "live" : "ended";
}

/** Whether /doar may take a gift for this party right now. */
export function isPartyAcceptingGifts(party: { active: boolean; eventDate: string }, now: Date = new Date()): boolean {
  return partyVisibility(party, todayInSaoPaulo(now)) === "live";
}
