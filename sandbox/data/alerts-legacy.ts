/** Seed: globex's legacy issue and metric alert rules (self-hosted Sentry before workflows). */

import type { LegacyIssueRuleRecord, LegacyMetricRuleRecord } from "./alerts.js";
import { GLOBEX_ORG_ID } from "./organizations.js";
import { ago, DAY, HOUR } from "./util.js";

export function legacyIssueRules(now: Date): LegacyIssueRuleRecord[] {
  const o = GLOBEX_ORG_ID;
  const createdBy = { id: 100006, name: "Lena Brandt", email: "lena.brandt@globex.example" };
  return [
    {
      orgId: o,
      projectId: "4500021",
      rule: {
        id: "3101",
        name: "Notify core on new storefront errors",
        conditions: [
          {
            id: "sentry.rules.conditions.first_seen_event.FirstSeenEventCondition",
            name: "A new issue is created",
          },
        ],
        filters: [
          {
            id: "sentry.rules.filters.level.LevelFilter",
            match: "gte",
            level: "40",
            name: "The event's level is greater than or equal to error",
          },
        ],
        actions: [
          {
            id: "sentry.mail.actions.NotifyEmailAction",
            targetType: "Team",
            targetIdentifier: 4500111,
            fallthroughType: "ActiveMembers",
            name: "Send a notification to Team",
          },
        ],
        actionMatch: "all",
        filterMatch: "all",
        frequency: 30,
        environment: "production",
        projects: ["storefront"],
        status: "active",
        owner: "team:4500111",
        createdBy,
        dateCreated: ago(now, 140 * DAY),
        lastTriggered: ago(now, 5 * HOUR),
        snooze: false,
      },
    },
    {
      orgId: o,
      projectId: "4500021",
      rule: {
        id: "3102",
        name: "Storefront error burst to Slack",
        conditions: [
          {
            id: "sentry.rules.conditions.event_frequency.EventFrequencyCondition",
            value: 100,
            interval: "1h",
            comparisonType: "count",
          },
          {
            id: "sentry.rules.conditions.event_frequency.EventUniqueUserFrequencyCondition",
            value: 25,
            interval: "1h",
            comparisonType: "count",
          },
        ],
        filters: [
          {
            id: "sentry.rules.filters.tagged_event.TaggedEventFilter",
            key: "url",
            match: "co",
            value: "/checkout",
          },
        ],
        actions: [
          {
            id: "sentry.integrations.slack.notify_action.SlackNotifyServiceAction",
            workspace: "8753467",
            channel: "#storefront-alerts",
            channel_id: "C02SF0NT",
            tags: "environment,url",
          },
        ],
        actionMatch: "any",
        filterMatch: "all",
        frequency: 60,
        environment: null,
        projects: ["storefront"],
        status: "disabled",
        owner: null,
        createdBy,
        dateCreated: ago(now, 60 * DAY),
        lastTriggered: null,
        snooze: true,
      },
    },
  ];
}

export function legacyMetricRules(now: Date): LegacyMetricRuleRecord[] {
  const o = GLOBEX_ORG_ID;
  const created = ago(now, 100 * DAY);
  return [
    {
      orgId: o,
      projectIds: ["4500021"],
      rule: {
        id: "5601",
        name: "Storefront checkout p95 latency",
        organizationId: o,
        queryType: 1,
        dataset: "transactions",
        query: "transaction:/checkout",
        aggregate: "p95(transaction.duration)",
        thresholdType: 0,
        resolveThreshold: 800,
        timeWindow: 15,
        environment: "production",
        triggers: [
          {
            id: "77101",
            alertRuleId: "5601",
            label: "critical",
            thresholdType: 0,
            alertThreshold: 1500,
            resolveThreshold: 800,
            dateCreated: created,
            actions: [
              {
                id: "77201",
                alertRuleTriggerId: "77101",
                type: "email",
                targetType: "team",
                targetIdentifier: "4500111",
                inputChannelId: null,
                integrationId: null,
                sentryAppId: null,
                dateCreated: created,
                desc: "Send an email to members of #core",
              },
            ],
          },
          {
            id: "77102",
            alertRuleId: "5601",
            label: "warning",
            thresholdType: 0,
            alertThreshold: 1000,
            resolveThreshold: 800,
            dateCreated: created,
            actions: [
              {
                id: "77202",
                alertRuleTriggerId: "77102",
                type: "slack",
                targetType: "specific",
                targetIdentifier: "C02SF0NT",
                inputChannelId: "#storefront-alerts",
                integrationId: "8753467",
                sentryAppId: null,
                dateCreated: created,
                desc: "Send a Slack notification to #storefront-alerts",
              },
            ],
          },
        ],
        projects: ["storefront"],
        owner: "team:4500111",
        originalAlertRuleId: null,
        comparisonDelta: null,
        dateModified: ago(now, 10 * DAY),
        dateCreated: created,
        createdBy: { id: 100006, name: "Lena Brandt", email: "lena.brandt@globex.example" },
        status: 0,
        snooze: false,
      },
    },
  ];
}
