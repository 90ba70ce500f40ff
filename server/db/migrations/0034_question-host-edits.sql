-- The time the host last changed the text of someone else's question ("edited by the host"; the ledger has the entry).
ALTER TABLE "questions" ADD COLUMN "host_edited_at" timestamp with time zone;