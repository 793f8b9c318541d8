-- A session's message count is read from its messages from now on. The counter is dropped only when it
-- says what the messages say (positions 0..message_count-1, none missing): otherwise the migration stops
-- and the store stays as it was (run findSessionProblems with the previous version to see which session).
DO $$
BEGIN
	IF EXISTS (
		SELECT 1 FROM "kioku_sessions" AS s
		WHERE s."message_count" <> (SELECT count(*) FROM "kioku_session_messages" AS m WHERE m."session_id" = s."id")
			OR s."message_count" <> coalesce((SELECT max(m."position") + 1 FROM "kioku_session_messages" AS m WHERE m."session_id" = s."id"), 0)
	) THEN
		RAISE EXCEPTION 'kioku_sessions.message_count differs from the messages stored for a session: not migrated, nothing changed';
	END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "kioku_sessions" DROP COLUMN "message_count";
