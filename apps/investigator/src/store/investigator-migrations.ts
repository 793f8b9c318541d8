import type { Migration } from 'kioku/store';

/** The ledger table recording which of the investigator's migrations a store has applied. */
export const investigatorLedger = 'investigator_schema_migrations';

/**
 * The investigator's own tables, forward-only, applied in order after kioku's: alerts (the raw JSON kept
 * byte for byte, the model's title/description/attributes, IOCs, resolution, merges, an embedding), the
 * indicators of offline threat-intelligence feeds, the web console's admin token (its scrypt hash), which
 * requests recalled which agent memories, and the team's tables: users, sign-in sessions, the append-only
 * audit log (a trigger refuses every update and delete), cases (assignee, tags, comments, four statuses)
 * and approvals of write tools; and what keeps ingest constant-time per alert at a SOC's volume (`0005`):
 * the embedding space in one row, fingerprints folding duplicates, entity columns, a full-text search
 * vector, indexes for every list path, an HNSW index for `similar`, and the summary job table; and the
 * list's whole sort keys, so that a page starts after a cursor (`0006`).
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
  {
    tag: '0004_team',
    sql: [
      `create table investigator_users (
        name text primary key,
        role text not null,
        password_hash text,
        oidc_subject text unique,
        disabled boolean not null default false,
        created_at timestamp with time zone not null default now(),
        constraint investigator_users_role_check check (role in ('admin', 'analyst', 'viewer')),
        constraint investigator_users_name_check check (name ~ '^[A-Za-z0-9._@-]{1,64}$')
      )`,
      `create table investigator_login_sessions (
        id_hash text primary key,
        user_name text not null,
        via text not null,
        token_hash text,
        created_at timestamp with time zone not null default now(),
        expires_at timestamp with time zone not null,
        revoked_at timestamp with time zone,
        constraint investigator_login_sessions_via_check check (via in ('token', 'password', 'oidc'))
      )`,
      'create index investigator_login_sessions_user_idx on investigator_login_sessions (user_name)',
      `create table investigator_audit (
        id bigserial primary key,
        at timestamp with time zone not null default clock_timestamp(),
        actor text not null,
        via text not null,
        action text not null,
        target text,
        before jsonb,
        after jsonb
      )`,
      'create index investigator_audit_target_idx on investigator_audit (target, id)',
      `create function investigator_audit_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'investigator_audit is append-only: % refused', tg_op;
        end
      $$`,
      `create trigger investigator_audit_no_change before update or delete on investigator_audit
        for each row execute function investigator_audit_append_only()`,
      `create trigger investigator_audit_no_truncate before truncate on investigator_audit
        for each statement execute function investigator_audit_append_only()`,
      'alter table investigator_alerts drop constraint investigator_alerts_status_check',
      'alter table investigator_alerts drop constraint investigator_alerts_resolution_check',
      `alter table investigator_alerts add constraint investigator_alerts_status_check
        check (status in ('open', 'in_progress', 'resolved', 'archived'))`,
      `alter table investigator_alerts add constraint investigator_alerts_resolution_check
        check ((status = 'resolved' and resolution is not null) or (status in ('open', 'in_progress') and resolution is null) or status = 'archived')`,
      'alter table investigator_alerts add column assignee text',
      "alter table investigator_alerts add column tags jsonb not null default '[]'",
      'create index investigator_alerts_assignee_idx on investigator_alerts (assignee)',
      'create index investigator_alerts_tags_idx on investigator_alerts using gin (tags)',
      `create table investigator_case_comments (
        id bigserial primary key,
        alert_id text not null references investigator_alerts(id) on delete restrict,
        author text not null,
        body text not null,
        created_at timestamp with time zone not null default now()
      )`,
      'create index investigator_case_comments_alert_idx on investigator_case_comments (alert_id, id)',
      `create table investigator_approvals (
        id text primary key,
        alert_id text not null,
        tool_name text not null,
        input jsonb not null,
        status text not null default 'pending',
        requested_by text not null,
        requested_at timestamp with time zone not null default now(),
        decided_by text,
        decided_at timestamp with time zone,
        reason text,
        constraint investigator_approvals_status_check check (status in ('pending', 'approved', 'rejected', 'expired'))
      )`,
      'create index investigator_approvals_pending_idx on investigator_approvals (status, requested_at)',
    ].join('\n--> statement-breakpoint\n'),
  },
  {
    tag: '0005_alert_scale',
    sql: [
      // Summaries and embeddings are written by background jobs: an alert is stored before either exists.
      'alter table investigator_alerts alter column embedding drop not null',
      'alter table investigator_alerts add column fingerprint text',
      'alter table investigator_alerts add column occurrences integer not null default 1',
      'alter table investigator_alerts add column last_seen_at timestamp with time zone',
      'update investigator_alerts set last_seen_at = created_at',
      'alter table investigator_alerts alter column last_seen_at set not null',
      'alter table investigator_alerts alter column last_seen_at set default now()',
      'alter table investigator_alerts add column iocs_omitted integer not null default 0',
      'alter table investigator_alerts add column host text',
      'alter table investigator_alerts add column user_name text',
      'alter table investigator_alerts add column source text',
      'alter table investigator_alerts add column event_time timestamp with time zone',
      "update investigator_alerts set host = coalesce(attributes->>'host', attributes->>'hostname'), user_name = coalesce(attributes->>'user', attributes->>'username')",
      'alter table investigator_alerts add constraint investigator_alerts_occurrences_check check (occurrences >= 1)',
      // Title, description, attributes, IOCs, entities, then the raw JSON, within tsvector's limits; with
      // positions, so that `web-02` (parsed `web`, `-02`) is matched as a phrase.
      // (':', '/' and '=' are spaces to the parser: `jndi:ldap://…` would otherwise lose `ldap`.)
      `alter table investigator_alerts add column search tsvector generated always as (to_tsvector('simple',
        regexp_replace(left(title || ' ' || description || ' ' || attributes::text || ' ' || iocs::text || ' ' ||
        coalesce(host, '') || ' ' || coalesce(user_name, '') || ' ' || coalesce(source, '') || ' ' || raw, 100000),
        '[:/=]+', ' ', 'g'))) stored`,
      'create index investigator_alerts_search_idx on investigator_alerts using gin (search)',
      // Duplicates fold into the open (or in-progress) alert with the same fingerprint (one at a time: unique).
      "create unique index investigator_alerts_fingerprint_idx on investigator_alerts (fingerprint) where status in ('open', 'in_progress')",
      'drop index investigator_alerts_created_at_idx',
      'create index investigator_alerts_created_at_idx on investigator_alerts (created_at desc, id desc)',
      'create index investigator_alerts_status_idx on investigator_alerts (status, created_at desc, id desc)',
      `alter table investigator_alerts add column severity_rank smallint generated always as (case severity
        when 'critical' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end) stored`,
      'create index investigator_alerts_severity_idx on investigator_alerts (severity, created_at desc, id desc)',
      'create index investigator_alerts_severity_rank_idx on investigator_alerts (severity_rank desc, created_at desc, id desc)',
      'create index investigator_alerts_host_idx on investigator_alerts (host, created_at desc)',
      'create index investigator_alerts_user_idx on investigator_alerts (user_name, created_at desc)',
      'create index investigator_alerts_source_idx on investigator_alerts (source, created_at desc)',
      'create index investigator_alerts_schema_idx on investigator_alerts (schema, created_at desc)',
      'create index investigator_alerts_last_seen_idx on investigator_alerts (last_seen_at desc, id desc)',
      'create index investigator_alerts_event_time_idx on investigator_alerts (event_time desc, id desc)',
      // The one embedding space of the store's alerts: read in one row, not grouped over every alert.
      `create table investigator_alert_space (
        id integer primary key,
        embedder text not null,
        dimensions integer not null,
        constraint investigator_alert_space_one_row_check check (id = 1)
      )`,
      `insert into investigator_alert_space (id, embedder, dimensions)
        select 1, embedder, vector_dims(embedding) from investigator_alerts where embedding is not null limit 1`,
      `do $$ declare d integer; begin
        select dimensions into d from investigator_alert_space;
        if d is not null and d <= 2000 then
          execute format('create index if not exists investigator_alerts_embedding_%s_idx on investigator_alerts using hnsw ((embedding::vector(%s)) vector_cosine_ops) where vector_dims(embedding) = %s', d, d, d);
        end if;
      end $$`,
      // Summaries and embeddings still to write: retried with backoff, so an outage delays and loses nothing.
      `create table investigator_alert_jobs (
        alert_id text primary key references investigator_alerts(id) on delete cascade,
        state text not null default 'pending',
        summarized boolean not null default false,
        attempts integer not null default 0,
        run_after timestamp with time zone not null default now(),
        last_error text,
        created_at timestamp with time zone not null default now(),
        constraint investigator_alert_jobs_state_check check (state in ('pending', 'failed'))
      )`,
      "create index investigator_alert_jobs_due_idx on investigator_alert_jobs (run_after) where state = 'pending'",
    ].join('\n--> statement-breakpoint\n'),
  },
  {
    tag: '0006_alert_list_keys',
    sql: [
      // The list's whole sort key (a page starts after the last row's key): last seen and event time (no
      // event time last) broken by received time and id, as `received` and `severity` already are.
      'drop index investigator_alerts_last_seen_idx',
      'create index investigator_alerts_last_seen_idx on investigator_alerts (last_seen_at desc, created_at desc, id desc)',
      'drop index investigator_alerts_event_time_idx',
      'create index investigator_alerts_event_time_idx on investigator_alerts (event_time desc nulls last, created_at desc, id desc)',
    ].join('\n--> statement-breakpoint\n'),
  },
];
