CREATE TYPE "public"."ledger_kind" AS ENUM('gift_paid', 'subscription_charge_paid', 'refund', 'chargeback', 'reversal', 'payout');--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"organization_id" uuid,
	"party_id" uuid,
	"donation_id" uuid,
	"subscription_charge_id" uuid,
	"payout_id" uuid,
	"reverses_id" uuid,
	"gross_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"fee_percent" numeric,
	"provider_fee_cents" bigint,
	"provider" text,
	"provider_event_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"backfilled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_donation_kind" UNIQUE("donation_id","kind"),
	CONSTRAINT "ledger_entries_charge_kind" UNIQUE("subscription_charge_id","kind"),
	CONSTRAINT "ledger_entries_payout_kind" UNIQUE("payout_id","kind"),
	CONSTRAINT "ledger_entries_event_kind" UNIQUE("provider_event_id","kind"),
	CONSTRAINT "ledger_entries_gross_is_fee_plus_net" CHECK ("ledger_entries"."gross_cents" = "ledger_entries"."fee_cents" + "ledger_entries"."net_cents"),
	CONSTRAINT "ledger_entries_one_source" CHECK (num_nonnulls("ledger_entries"."donation_id", "ledger_entries"."subscription_charge_id", "ledger_entries"."payout_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_subscription_charge_id_subscription_charges_id_fk" FOREIGN KEY ("subscription_charge_id") REFERENCES "public"."subscription_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_organization_idx" ON "ledger_entries" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_party_idx" ON "ledger_entries" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_occurred_idx" ON "ledger_entries" USING btree ("occurred_at");--> statement-breakpoint
-- Backfill (docs/decisions/130-ledger.md): every movement recorded before the ledger existed gets
-- its row. A migration cannot read PLATFORM_FEE_PERCENT, so rows carry 10% (the default, the only
-- fee in force so far), except the gifts of a party already paid out: their fees come from the
-- payout's stored fee, spread by cumulative rounding so they add up to it to the centavo (each
-- such row is then within one centavo of its percent; `backfilled` tells reconciliation so).
WITH main AS (
  SELECT id FROM "organizations" WHERE "is_main" ORDER BY "created_at", "id" LIMIT 1
), counted AS (
  SELECT d."id", d."party_id", d."amount_cents", d."provider", d."status",
    coalesce(d."organization_id", p."organization_id", (SELECT id FROM main)) AS organization_id,
    coalesce(d."paid_at", d."status_changed_at") AS paid_at,
    po."gross_cents" AS payout_gross, po."fee_cents" AS payout_fee,
    sum(d."amount_cents") OVER (
      PARTITION BY d."party_id" ORDER BY coalesce(d."paid_at", d."status_changed_at"), d."id"
    ) AS running,
    coalesce(
      (SELECT h."provider_event_id" FROM "donation_status_history" h
        WHERE h."donation_id" = d."id" AND h."to_status" = 'paga' AND h."provider_event_id" IS NOT NULL
        ORDER BY h."created_at" DESC LIMIT 1),
      (SELECT h."provider_event_id" FROM "donation_status_history" h
        WHERE h."donation_id" = d."id" AND h."to_status" = d."status" AND h."provider_event_id" IS NOT NULL
        ORDER BY h."created_at" DESC LIMIT 1)
    ) AS event_id
  FROM "donations" d
  LEFT JOIN "parties" p ON p."id" = d."party_id"
  LEFT JOIN "payouts" po ON po."party_id" = d."party_id" AND po."status" = 'transferido' AND po."gross_cents" > 0
  WHERE d."status" IN ('paga', 'reembolsada', 'contestada')
), priced AS (
  SELECT c.*,
    CASE WHEN c.payout_gross IS NULL THEN round(c."amount_cents" * 10 / 100.0)
      ELSE round(c.running * c.payout_fee / c.payout_gross::numeric)
        - round((c.running - c."amount_cents") * c.payout_fee / c.payout_gross::numeric)
    END::bigint AS fee,
    CASE WHEN c.payout_gross IS NULL THEN 10 ELSE round(c.payout_fee * 100 / c.payout_gross::numeric, 4) END AS fee_percent
  FROM counted c
)
INSERT INTO "ledger_entries" ("kind", "organization_id", "party_id", "donation_id", "gross_cents", "fee_cents", "net_cents",
  "fee_percent", "provider", "provider_event_id", "occurred_at", "backfilled")
SELECT 'gift_paid', organization_id, "party_id", "id", "amount_cents", fee, "amount_cents" - fee, fee_percent, "provider", event_id, paid_at, true
FROM priced
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("kind", "organization_id", "party_id", "donation_id", "reverses_id", "gross_cents", "fee_cents",
  "net_cents", "fee_percent", "provider", "provider_event_id", "occurred_at", "backfilled")
SELECT (CASE d."status" WHEN 'reembolsada' THEN 'refund' ELSE 'chargeback' END)::"ledger_kind",
  l."organization_id", l."party_id", l."donation_id", l."id", -l."gross_cents", -l."fee_cents", -l."net_cents", l."fee_percent",
  l."provider", h."provider_event_id", coalesce(h."occurred_at", d."status_changed_at"), true
FROM "ledger_entries" l
JOIN "donations" d ON d."id" = l."donation_id"
LEFT JOIN LATERAL (
  SELECT x."provider_event_id", x."occurred_at" FROM "donation_status_history" x
  WHERE x."donation_id" = d."id" AND x."to_status" = d."status" ORDER BY x."created_at" DESC LIMIT 1
) h ON true
WHERE l."kind" = 'gift_paid' AND d."status" IN ('reembolsada', 'contestada')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("kind", "organization_id", "subscription_charge_id", "gross_cents", "fee_cents", "net_cents",
  "fee_percent", "provider", "occurred_at", "backfilled")
SELECT 'subscription_charge_paid',
  (SELECT o."id" FROM "organizations" o WHERE o."is_main" ORDER BY o."created_at", o."id" LIMIT 1),
  c."id", c."amount_cents", round(c."amount_cents" * 10 / 100.0)::bigint, c."amount_cents" - round(c."amount_cents" * 10 / 100.0)::bigint,
  10, s."provider", c."paid_at", true
FROM "subscription_charges" c
JOIN "subscriptions" s ON s."id" = c."subscription_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("kind", "organization_id", "party_id", "payout_id", "gross_cents", "fee_cents", "net_cents", "occurred_at",
  "backfilled")
SELECT 'payout',
  coalesce(p."organization_id", (SELECT o."id" FROM "organizations" o WHERE o."is_main" ORDER BY o."created_at", o."id" LIMIT 1)),
  po."party_id", po."id", -po."gross_cents", -po."fee_cents", -po."net_cents", coalesce(po."transferred_at", po."created_at"), true
FROM "payouts" po
JOIN "parties" p ON p."id" = po."party_id"
WHERE po."status" = 'transferido'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Append-only: a movement is never changed or removed; a correction is a new row.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only (% refused): record a new movement instead', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
