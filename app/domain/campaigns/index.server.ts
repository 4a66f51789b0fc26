/** The campaigns domain's public server interface: what other domains may use. */
export { findCampaignForParty } from "./campaigns.server";
