CREATE TABLE "kioku_tool_graphs" (
	"namespace" text PRIMARY KEY NOT NULL,
	"graph" json NOT NULL,
	"filler" json,
	"runs" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
