CREATE TABLE "kioku_embedding_space" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"embedder" text NOT NULL,
	"dimensions" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kioku_embedding_space_single_row_check" CHECK ("kioku_embedding_space"."id" = 1),
	CONSTRAINT "kioku_embedding_space_dimensions_check" CHECK ("kioku_embedding_space"."dimensions" > 0)
);
--> statement-breakpoint
CREATE TABLE "kioku_evicted_chunks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kioku_evicted_chunks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"position" integer,
	"chunk" integer NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"embedding" vector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kioku_memories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kioku_memories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"namespace" text NOT NULL,
	"claim" text NOT NULL,
	"claim_key" text NOT NULL,
	"request" text NOT NULL,
	"embedding" vector NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kioku_evicted_chunks_session_idx" ON "kioku_evicted_chunks" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kioku_evicted_chunks_position_idx" ON "kioku_evicted_chunks" USING btree ("session_id","position","chunk");--> statement-breakpoint
CREATE UNIQUE INDEX "kioku_memories_namespace_claim_key_idx" ON "kioku_memories" USING btree ("namespace","claim_key");--> statement-breakpoint
CREATE INDEX "kioku_memories_namespace_score_idx" ON "kioku_memories" USING btree ("namespace","score");