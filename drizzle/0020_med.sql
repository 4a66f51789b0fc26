-- Decision 208: a party's payout lists the ledger rows it transferred in payout_items, as an
-- institution batch does, so a refund or a Pix MED that lands after the transfer is known to be
-- outside it (the institution's debt, netted in its next batch). Party payouts transferred before
-- this migration get their items here: the rows partyAmountsDue added up (the party's raised rows
-- its current institution received) that existed when the transfer was written — created before
-- it, or, for the rows the ledger's own migration reconstructed, moved before it.
INSERT INTO "payout_items" ("payout_id", "ledger_entry_id")
SELECT po.id, l.id
FROM "payouts" po
JOIN "parties" p ON p.id = po.party_id
JOIN "ledger_entries" l ON l.party_id = po.party_id
WHERE po.status = 'transferido'
  AND po.transferred_at IS NOT NULL
  AND l.kind IN ('gift_paid', 'subscription_charge_paid', 'refund', 'chargeback', 'reversal')
  AND (p.organization_id IS NULL OR p.organization_id = l.organization_id)
  AND (CASE WHEN l.backfilled THEN l.occurred_at ELSE l.created_at END) <= po.transferred_at
ON CONFLICT DO NOTHING;
