import type { Migration } from 'kioku/store';

/** The ledger table recording which of the investigator's migrations a store has applied. */
export const investigatorLedger = 'investigator_schema_migrations';

/**
 * The investigator's own tables, forward-only, applied in order after kioku's: alerts (the raw JSON kept
 * byte for byte, the model's title/description/attributes, IOCs, resolution, merges, an embedding), the
 * indicators of offline threat-intelligence feeds, the web console's admin token (its scrypt hash), and which
 * requests recalled which agent memories.
 */
export const investigatorMigrations: readonly Migration[] = [
  {
    tag: '0000_alerts',
    sql: [
      `create table investigator_alerts (
        id text primary key,
        schema text not null,
        raw text not null,
        title text not null,
        description text not null,
        attributes json not null,
        iocs jsonb not null,
        severity text not null,
        status text not null default 'open',
        summarized_by text not null,
        embedder text not null,
        embedding vector not null,
        resolution jsonb,
        merged_into text references investigator_alerts(id) on delete restrict,
        created_at timestamp with time zone not null default now(),
        constraint investigator_alerts_status_check check (status in ('open', 'resolved')),
        constraint investigator_alerts_severity_check check (severity in ('informational', 'low', 'medium', 'high', 'critical')),
        constraint investigator_alerts_resolution_check check ((status = 'resolved') = (resolution is not null)),
        constraint investigator_alerts_not_self_merged_check check (merged_into is null or merged_into <> id)
      )`,
      'create index investigator_alerts_created_at_idx on investigator_alerts (created_at)',
      'create index investigator_alerts_merged_into_idx on investigator_alerts (merged_into)',
      'create index investigator_alerts_attributes_idx on investigator_alerts using gin ((attributes::jsonb) jsonb_path_ops)',
    ].join('\n--> statement-breakpoint\n'),
  },
  {
    tag: '0001_intel_indicators',
    sql: [
      `create table investigator_intel_indicators (
        feed text not null,
        kind text not null,
        value text not null,
        verdict text not null,
        description text not null default '',
        tags jsonb not null default '[]',
        loaded_at timestamp with time zone not null default now(),
        constraint investigator_intel_indicators_pk primary key (feed, kind, value),
        constraint investigator_intel_indicators_verdict_check check (verdict in ('malicious', 'suspicious', 'benign', 'unknown'))
      )`,
      'create index investigator_intel_indicators_value_idx on investigator_intel_indicators (value)',
    ].join('\n--> statement-breakpoint\n'),
  },
  {
    tag: '0002_console_admin',
    sql: `create table investigator_console_admin (
        id integer primary key,
        token_hash text not null,
        created_at timestamp with time zone not null default now(),
        constraint investigator_console_admin_one_row_check check (id = 1)
      )`,
  },
  {
    tag: '0003_memory_recalls',
    sql: [
      `create table investigator_memory_recalls (
        id bigserial primary key,
        namespace text not null,
        memory_id bigint not null,
        request text not null,
        similarity real not null,
        recalled_at timestamp with time zone not null default now()
      )`,
      'create index investigator_memory_recalls_memory_idx on investigator_memory_recalls (namespace, memory_id)',
    ].join('\n--> statement-breakpoint\n'),
  },
];
