-- title: S3 access with instance-role credentials
-- description: S3 calls (ListBuckets, ListObjects, GetObject) made with an EC2 instance role's temporary credentials (an assumed-role session named after the instance id), per role, source address, user agent, bucket and key, with the bytes sent out. Instance-role keys used from a laptop's aws-cli (not from the instance) and GetObject on sensitive keys mean the keys leaked and data left the bucket.
select
  userIdentity.sessionContext.sessionIssuer.userName as role,
  regexp_extract(userIdentity.arn, '/(i-[0-9a-f]+)$', 1) as instance_id,
  sourceIPAddress as source_ip,
  userAgent as user_agent,
  eventName as event_name,
  requestParameters.bucketName as bucket,
  requestParameters."key" as object_key,
  count(*) as calls,
  sum(additionalEventData.bytesTransferredOut) as bytes_out,
  min("@timestamp") as first_seen,
  max("@timestamp") as last_seen
from cloudtrail_events
where eventSource = 's3.amazonaws.com' and userIdentity."type" = 'AssumedRole'
group by all
order by first_seen
