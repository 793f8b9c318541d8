-- title: Zeek connections by volume
-- description: Zeek conn records of both networks (apt29_zeek and mkt01_zeek_conn) grouped by source, destination, port and service, with connection counts, bytes each way, total duration and first/last time, largest outbound volume first. Look for a workstation sending much more than it receives, long-lived sessions to one address (command and control), and unusual ports.
with conn as (
  select 'apt29' as capture, ts, id_orig_h, id_resp_h, id_resp_p, proto, service, duration, orig_bytes, resp_bytes
  from apt29_zeek
  where "@stream" = 'conn'
  union all
  select 'lsass_campaign', ts, id_orig_h, id_resp_h, id_resp_p, proto, service, duration, orig_bytes, resp_bytes
  from mkt01_zeek_conn
)
select
  capture,
  id_orig_h as source,
  id_resp_h as destination,
  id_resp_p as port,
  proto,
  service,
  count(*) as connections,
  sum(orig_bytes) as bytes_out,
  sum(resp_bytes) as bytes_in,
  round(sum(duration), 1) as seconds,
  to_timestamp(min(ts)) as first_seen,
  to_timestamp(max(ts)) as last_seen
from conn
group by all
order by bytes_out desc nulls last
limit 100
