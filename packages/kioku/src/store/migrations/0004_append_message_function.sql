-- Appends one message after a session's last, in one call: the statement's plan is cached by plpgsql for
-- the connection, where the same insert sent as SQL is parsed and planned on every append (PGlite spent
-- about 350 µs of an append planning the last-position subquery). Returns the position taken. A missing
-- session fails the foreign key (23503) and a concurrent append that took the position first fails the
-- primary key (23505), as the plain statement does: the caller runs it again.
CREATE FUNCTION "kioku_append_message"("target_session" text, "new_message" json) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
	appended integer;
BEGIN
	INSERT INTO "kioku_session_messages" ("session_id", "position", "message")
	VALUES (
		target_session,
		coalesce((SELECT max(m."position") + 1 FROM "kioku_session_messages" AS m WHERE m."session_id" = target_session), 0),
		new_message
	)
	RETURNING "position" INTO appended;
	RETURN appended;
END;
$$;
