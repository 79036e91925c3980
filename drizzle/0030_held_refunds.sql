-- A refund taken off a held card's capture is now a `held` refunds row (docs/decisions/026):
-- packing shorts marked on a held card before this change were reserved `pending`.
UPDATE "refunds" SET "status" = 'held'
WHERE "status" = 'pending'
  AND "id" IN (SELECT "refund_id" FROM "packing_lines" WHERE "refund_state" = 'held' AND "refund_id" IS NOT NULL);
