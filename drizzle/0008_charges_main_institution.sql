-- Decision 152: every subscription charge, and every gift without a party, belongs to exactly one
-- institution. Until now a charge named none (the ledger gave its row the main charity) and a gift
-- through /doar without ?ong= could be stored without one. Both get the main charity, the
-- institution their ledger rows already name. The ledger itself is append-only and not touched.
UPDATE "subscription_charges" c
SET "organization_id" = coalesce(
  (SELECT l."organization_id" FROM "ledger_entries" l
    WHERE l."subscription_charge_id" = c."id" AND l."kind" = 'subscription_charge_paid'),
  (SELECT o."id" FROM "organizations" o WHERE o."is_main" ORDER BY o."created_at", o."id" LIMIT 1))
WHERE c."organization_id" IS NULL;
--> statement-breakpoint
UPDATE "donations" d
SET "organization_id" = coalesce(
  (SELECT l."organization_id" FROM "ledger_entries" l WHERE l."donation_id" = d."id" AND l."kind" = 'gift_paid'),
  (SELECT o."id" FROM "organizations" o WHERE o."is_main" ORDER BY o."created_at", o."id" LIMIT 1))
WHERE d."party_id" IS NULL AND d."organization_id" IS NULL;
