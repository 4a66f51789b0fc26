/** The parties domain's public interface: what other domains may use. */
export * from "./festa-param";
export * from "./party-status";
export * from "./party-goal";
export * from "./event-types";
export * from "./creator-emails";
export { PARTY_INSTITUTION_MESSAGES, partyInstitutionRefusal } from "./party-form";
