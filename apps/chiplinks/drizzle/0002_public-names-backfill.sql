-- Every existing chiplink id and link uid becomes a public name. Where existing rows already clash
-- (a chip id chosen equal to a link uid, or to another id in another case), the older row keeps the
-- name (insertion order, its id before its uid), so get-mint-data keeps meaning what it meant first
-- and the later row can no longer shadow it. Nothing is deleted.
INSERT INTO "chiplinks"."public_names" ("name", "chiplink_id", "kind")
SELECT n.name, n.chiplink_id, n.kind
FROM (
  SELECT upper("id") AS name, "id" AS chiplink_id, 'id' AS kind, "seq", 0 AS part FROM "chiplinks"."chiplinks"
  UNION ALL
  SELECT upper("uid"), "id", 'uid', "seq", 1 FROM "chiplinks"."chiplinks" WHERE "type" = 'link'
) AS n
ORDER BY n.seq, n.part
ON CONFLICT ("name") DO NOTHING;
