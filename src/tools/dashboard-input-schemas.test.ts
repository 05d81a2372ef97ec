/**
 * The dashboard write tools have no incumbent to match (no Sentry MCP server has them), so
 * their input schemas, as listed to clients, are pinned here: a change to a parameter's name,
 * type, default or requiredness shows up as a snapshot diff to review.
 */

import { describe, expect, it } from "vitest";
import { ALL_TOOLS } from "../catalog/index.js";
import { inputJsonSchema } from "../catalog/session.js";

const schemaOf = (name: string) => {
  const tool = ALL_TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`${name} is not registered`);
  return inputJsonSchema(tool, {});
};

describe("dashboard write tools' input schemas", () => {
  it("create_dashboard", () => {
    expect(schemaOf("create_dashboard")).toMatchInlineSnapshot(`
      {
        "properties": {
          "environments": {
            "items": {
              "type": "string",
            },
            "maxItems": 20,
            "type": "array",
          },
          "organizationSlug": {
            "type": "string",
          },
          "period": {
            "description": "Saved time range like 24h or 14d",
            "type": "string",
          },
          "projectSlugs": {
            "description": "Saved project filter; default all projects",
            "items": {
              "type": "string",
            },
            "maxItems": 50,
            "type": "array",
          },
          "title": {
            "description": "Dashboard title (unique in the org)",
            "type": "string",
          },
          "widgets": {
            "default": [],
            "description": "Widgets in order, each {title, conditions? (search filter), dataset? (errors|transactions|spans|logs|issues|metrics|releases), displayType? (line|area|bar|table|big_number|...), aggregates?, columns?, orderby?, limit?, interval?, description?, queries? [{name, aggregates, columns, conditions, orderby}], layout? {x,y,w,h}}",
            "items": {
              "properties": {
                "aggregates": {
                  "description": "e.g. count(), p95(span.duration); default count()",
                  "items": {
                    "type": "string",
                  },
                  "maxItems": 20,
                  "type": "array",
                },
                "columns": {
                  "description": "Group-by or table columns, e.g. transaction",
                  "items": {
                    "type": "string",
                  },
                  "maxItems": 20,
                  "type": "array",
                },
                "conditions": {
                  "description": "Sentry search filter, e.g. \`transaction:*checkout*\`",
                  "type": "string",
                },
                "dataset": {
                  "description": "Default errors",
                  "enum": [
                    "errors",
                    "transactions",
                    "spans",
                    "logs",
                    "issues",
                    "metrics",
                    "releases",
                  ],
                  "type": "string",
                },
                "description": {
                  "type": "string",
                },
                "displayType": {
                  "description": "Default line, or table when columns are given",
                  "enum": [
                    "line",
                    "area",
                    "bar",
                    "table",
                    "big_number",
                    "categorical_bar",
                    "wheel",
                    "details",
                    "heatmap",
                    "text",
                  ],
                  "type": "string",
                },
                "interval": {
                  "type": "string",
                },
                "layout": {
                  "description": "Grid position (6 columns); default: below the existing widgets",
                  "properties": {
                    "h": {
                      "maximum": 20,
                      "minimum": 1,
                      "type": "integer",
                    },
                    "w": {
                      "maximum": 6,
                      "minimum": 1,
                      "type": "integer",
                    },
                    "x": {
                      "maximum": 5,
                      "minimum": 0,
                      "type": "integer",
                    },
                    "y": {
                      "maximum": 1000,
                      "minimum": 0,
                      "type": "integer",
                    },
                  },
                  "required": [
                    "x",
                    "y",
                    "w",
                    "h",
                  ],
                  "type": "object",
                },
                "limit": {
                  "description": "Rows or series (1-10)",
                  "maximum": 10,
                  "minimum": 1,
                  "type": "integer",
                },
                "orderby": {
                  "description": "e.g. -count()",
                  "type": "string",
                },
                "queries": {
                  "description": "Several series instead of one inline query",
                  "items": {
                    "properties": {
                      "aggregates": {
                        "items": {
                          "type": "string",
                        },
                        "maxItems": 20,
                        "type": "array",
                      },
                      "columns": {
                        "items": {
                          "type": "string",
                        },
                        "maxItems": 20,
                        "type": "array",
                      },
                      "conditions": {
                        "type": "string",
                      },
                      "name": {
                        "description": "Series name",
                        "type": "string",
                      },
                      "orderby": {
                        "type": "string",
                      },
                    },
                    "type": "object",
                  },
                  "maxItems": 10,
                  "minItems": 1,
                  "type": "array",
                },
                "title": {
                  "type": "string",
                },
              },
              "required": [
                "title",
              ],
              "type": "object",
            },
            "maxItems": 30,
            "type": "array",
          },
        },
        "required": [
          "organizationSlug",
          "title",
        ],
        "type": "object",
      }
    `);
  });
  it("update_dashboard", () => {
    expect(schemaOf("update_dashboard")).toMatchInlineSnapshot(`
      {
        "properties": {
          "addWidgets": {
            "description": "Widgets to add at the bottom, each {title, conditions? (search filter), dataset? (errors|transactions|spans|logs|issues|metrics|releases), displayType? (line|area|bar|table|big_number|...), aggregates?, columns?, orderby?, limit?, interval?, description?, queries? [{name, aggregates, columns, conditions, orderby}], layout? {x,y,w,h}}",
            "items": {
              "properties": {
                "aggregates": {
                  "description": "e.g. count(), p95(span.duration); default count()",
                  "items": {
                    "type": "string",
                  },
                  "maxItems": 20,
                  "type": "array",
                },
                "columns": {
                  "description": "Group-by or table columns, e.g. transaction",
                  "items": {
                    "type": "string",
                  },
                  "maxItems": 20,
                  "type": "array",
                },
                "conditions": {
                  "description": "Sentry search filter, e.g. \`transaction:*checkout*\`",
                  "type": "string",
                },
                "dataset": {
                  "description": "Default errors",
                  "enum": [
                    "errors",
                    "transactions",
                    "spans",
                    "logs",
                    "issues",
                    "metrics",
                    "releases",
                  ],
                  "type": "string",
                },
                "description": {
                  "type": "string",
                },
                "displayType": {
                  "description": "Default line, or table when columns are given",
                  "enum": [
                    "line",
                    "area",
                    "bar",
                    "table",
                    "big_number",
                    "categorical_bar",
                    "wheel",
                    "details",
                    "heatmap",
                    "text",
                  ],
                  "type": "string",
                },
                "interval": {
                  "type": "string",
                },
                "layout": {
                  "description": "Grid position (6 columns); default: below the existing widgets",
                  "properties": {
                    "h": {
                      "maximum": 20,
                      "minimum": 1,
                      "type": "integer",
                    },
                    "w": {
                      "maximum": 6,
                      "minimum": 1,
                      "type": "integer",
                    },
                    "x": {
                      "maximum": 5,
                      "minimum": 0,
                      "type": "integer",
                    },
                    "y": {
                      "maximum": 1000,
                      "minimum": 0,
                      "type": "integer",
                    },
                  },
                  "required": [
                    "x",
                    "y",
                    "w",
                    "h",
                  ],
                  "type": "object",
                },
                "limit": {
                  "description": "Rows or series (1-10)",
                  "maximum": 10,
                  "minimum": 1,
                  "type": "integer",
                },
                "orderby": {
                  "description": "e.g. -count()",
                  "type": "string",
                },
                "queries": {
                  "description": "Several series instead of one inline query",
                  "items": {
                    "properties": {
                      "aggregates": {
                        "items": {
                          "type": "string",
                        },
                        "maxItems": 20,
                        "type": "array",
                      },
                      "columns": {
                        "items": {
                          "type": "string",
                        },
                        "maxItems": 20,
                        "type": "array",
                      },
                      "conditions": {
                        "type": "string",
                      },
                      "name": {
                        "description": "Series name",
                        "type": "string",
                      },
                      "orderby": {
                        "type": "string",
                      },
                    },
                    "type": "object",
                  },
                  "maxItems": 10,
                  "minItems": 1,
                  "type": "array",
                },
                "title": {
                  "type": "string",
                },
              },
              "required": [
                "title",
              ],
              "type": "object",
            },
            "maxItems": 30,
            "type": "array",
          },
          "dashboardIdOrTitle": {
            "description": "Dashboard ID (find_dashboards lists them) or exact title",
            "type": "string",
          },
          "environments": {
            "items": {
              "type": "string",
            },
            "maxItems": 20,
            "type": "array",
          },
          "organizationSlug": {
            "type": "string",
          },
          "period": {
            "description": "Saved time range like 24h or 14d",
            "type": "string",
          },
          "projectSlugs": {
            "description": "Saved project filter; [] clears it",
            "items": {
              "type": "string",
            },
            "maxItems": 50,
            "type": "array",
          },
          "removeWidgets": {
            "description": "Widget IDs or exact titles to remove",
            "items": {
              "type": "string",
            },
            "maxItems": 30,
            "type": "array",
          },
          "title": {
            "description": "New title",
            "type": "string",
          },
          "updateWidgets": {
            "description": "Each {widget: ID or exact title, then only the keys to change, as in addWidgets; title renames}",
            "items": {
              "properties": {
                "aggregates": {
                  "description": "e.g. count(), p95(span.duration); default count()",
                  "items": {
                    "type": "string",
                  },
                  "maxItems": 20,
                  "type": "array",
                },
                "columns": {
                  "description": "Group-by or table columns, e.g. transaction",
                  "items": {
                    "type": "string",
                  },
                  "maxItems": 20,
                  "type": "array",
                },
                "conditions": {
                  "description": "Sentry search filter, e.g. \`transaction:*checkout*\`",
                  "type": "string",
                },
                "dataset": {
                  "description": "Default errors",
                  "enum": [
                    "errors",
                    "transactions",
                    "spans",
                    "logs",
                    "issues",
                    "metrics",
                    "releases",
                  ],
                  "type": "string",
                },
                "description": {
                  "type": "string",
                },
                "displayType": {
                  "description": "Default line, or table when columns are given",
                  "enum": [
                    "line",
                    "area",
                    "bar",
                    "table",
                    "big_number",
                    "categorical_bar",
                    "wheel",
                    "details",
                    "heatmap",
                    "text",
                  ],
                  "type": "string",
                },
                "interval": {
                  "type": "string",
                },
                "layout": {
                  "description": "Grid position (6 columns); default: below the existing widgets",
                  "properties": {
                    "h": {
                      "maximum": 20,
                      "minimum": 1,
                      "type": "integer",
                    },
                    "w": {
                      "maximum": 6,
                      "minimum": 1,
                      "type": "integer",
                    },
                    "x": {
                      "maximum": 5,
                      "minimum": 0,
                      "type": "integer",
                    },
                    "y": {
                      "maximum": 1000,
                      "minimum": 0,
                      "type": "integer",
                    },
                  },
                  "required": [
                    "x",
                    "y",
                    "w",
                    "h",
                  ],
                  "type": "object",
                },
                "limit": {
                  "description": "Rows or series (1-10)",
                  "maximum": 10,
                  "minimum": 1,
                  "type": "integer",
                },
                "orderby": {
                  "description": "e.g. -count()",
                  "type": "string",
                },
                "queries": {
                  "description": "Several series instead of one inline query",
                  "items": {
                    "properties": {
                      "aggregates": {
                        "items": {
                          "type": "string",
                        },
                        "maxItems": 20,
                        "type": "array",
                      },
                      "columns": {
                        "items": {
                          "type": "string",
                        },
                        "maxItems": 20,
                        "type": "array",
                      },
                      "conditions": {
                        "type": "string",
                      },
                      "name": {
                        "description": "Series name",
                        "type": "string",
                      },
                      "orderby": {
                        "type": "string",
                      },
                    },
                    "type": "object",
                  },
                  "maxItems": 10,
                  "minItems": 1,
                  "type": "array",
                },
                "title": {
                  "description": "New title",
                  "type": "string",
                },
                "widget": {
                  "description": "Widget ID or exact title",
                  "type": "string",
                },
              },
              "required": [
                "widget",
              ],
              "type": "object",
            },
            "maxItems": 30,
            "type": "array",
          },
        },
        "required": [
          "organizationSlug",
          "dashboardIdOrTitle",
        ],
        "type": "object",
      }
    `);
  });
  it("duplicate_dashboard", () => {
    expect(schemaOf("duplicate_dashboard")).toMatchInlineSnapshot(`
      {
        "properties": {
          "dashboardIdOrTitle": {
            "description": "Dashboard ID (find_dashboards lists them) or exact title",
            "type": "string",
          },
          "organizationSlug": {
            "type": "string",
          },
          "title": {
            "description": "Title of the copy; default "<title> copy" (numbered if taken)",
            "type": "string",
          },
        },
        "required": [
          "organizationSlug",
          "dashboardIdOrTitle",
        ],
        "type": "object",
      }
    `);
  });
  it("delete_dashboard", () => {
    expect(schemaOf("delete_dashboard")).toMatchInlineSnapshot(`
      {
        "properties": {
          "dashboardIdOrTitle": {
            "description": "Dashboard ID (find_dashboards lists them) or exact title",
            "type": "string",
          },
          "organizationSlug": {
            "type": "string",
          },
        },
        "required": [
          "organizationSlug",
          "dashboardIdOrTitle",
        ],
        "type": "object",
      }
    `);
  });
});
