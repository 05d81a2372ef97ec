/**
 * Where a call valid for @sentry/mcp-server@0.39.0 is not taken here as it is there, on
 * purpose. Keys name a contract case (see incumbent-cases.ts): a tool, `tool.param`, or one
 * value `tool.param=value` / `tool.param:type`. Mirrored in the README ("Switching from
 * @sentry/mcp-server"). The contract test fails on a difference missing here and on an entry
 * here that no case needs any more.
 */
export const DELIBERATE_DIFFERENCES: Record<string, string> = {
  "listed:*.regionUrl":
    "regionUrl is accepted on every tool (null or empty ignored, otherwise allow-listed and used to route the call's organization) but not listed: we find each organization's region ourselves, and listing it on every tool would cost tokens on every turn for a value models rarely have.",
  "*.start:string(not a date)":
    "start on get_profile_details and the agent-conversation tools (also under their *_ai_* names) must be an ISO 8601 date or date-time: the incumbent forwards any string, which Sentry then rejects, so we refuse it before the request with an example of the form.",
  "*.end:string(not a date)":
    "end on get_profile_details and the agent-conversation tools (also under their *_ai_* names) must be an ISO 8601 date or date-time: the incumbent forwards any string, which Sentry then rejects, so we refuse it before the request with an example of the form.",
  "*.uptimeMonitorId:string(not numeric)":
    "uptimeMonitorId must be numeric on the uptime monitor tools because Sentry's uptime monitor IDs are, so a name or slug is refused with a pointer to find_uptime_monitors instead of becoming a 404.",
  "behaviour:get_snapshot_image.imageResolution":
    'imageResolution "preview" returns original images up to 256 KB (larger ones are named with a call for "full", up to 2 MB) rather than resized ones, and images are fetched only from the organization\'s own Sentry API origin.',
  "behaviour:search_issue_events.limit":
    "search_issue_events returns 25 events per page by default instead of 50, and the answer gives the cursor for the next page.",
};

/** `behaviour:tool.param` keys: what comes back differs, not which calls are taken. */
export const BEHAVIOUR_PREFIX = "behaviour:";
