/**
 * `sentry-mcp tools`: the tools this session may call, where each lives (the direct
 * `tools/list` surface or the catalog behind execute_sentry_tool), its skills and whether it
 * reads or writes; then the hidden ones grouped by why.
 */

import { unavailableReason } from "../catalog/session.js";
import type { Config } from "../config.js";
import type { AnyTool } from "../tools/types.js";
import type { TerminalFlags } from "./args.js";
import { processIO, type TerminalIO } from "./terminal-output.js";
import { openTerminalSession, type TerminalDeps } from "./terminal-session.js";

export interface ToolRow {
  name: string;
  title: string;
  place: "direct" | "catalog";
  access: "read" | "write" | "destructive";
  skills: string[];
}

/** A meta tool (execute_sentry_tool) can do what the session's other tools can, as listed. */
function accessOf(tool: AnyTool, session: readonly AnyTool[]): ToolRow["access"] {
  if (tool.meta) {
    const others = session.filter((t) => !t.meta);
    if (others.some((t) => t.annotations.destructiveHint)) return "destructive";
    return others.some((t) => !t.annotations.readOnlyHint) ? "write" : "read";
  }
  if (tool.annotations.readOnlyHint) return "read";
  return tool.annotations.destructiveHint ? "destructive" : "write";
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map(
      (r) =>
        `  ${r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ")}`,
    )
    .join("\n");
}

/** Runs `tools`; returns the exit code. */
export async function runTools(
  config: Config,
  flags: TerminalFlags,
  io: TerminalIO = processIO(),
  deps: TerminalDeps = {},
): Promise<number> {
  const session = await openTerminalSession(config, deps);
  const available = session.catalog.tools();
  const rows: ToolRow[] = available
    .map((tool) => ({
      name: tool.name,
      title: tool.title,
      place: session.directNames.has(tool.name) ? ("direct" as const) : ("catalog" as const),
      access: accessOf(tool, available),
      skills: [...tool.skills],
    }))
    .sort(
      (a, b) =>
        Number(b.place === "direct") - Number(a.place === "direct") || a.name.localeCompare(b.name),
    );
  const hidden = new Map<string, string[]>();
  for (const tool of session.all) {
    const reason = unavailableReason(tool, session.policy);
    if (reason) hidden.set(reason, [...(hidden.get(reason) ?? []), tool.name]);
  }

  if (flags.json) {
    const unavailable = [...hidden].flatMap(([reason, names]) =>
      names.map((name) => ({ name, reason })),
    );
    io.stdout(`${JSON.stringify({ tools: rows, unavailable }, null, 2)}\n`);
    return 0;
  }

  const pins = [
    config.organizationSlug && `organization ${config.organizationSlug}`,
    config.projectSlug && `project ${config.projectSlug}`,
  ].filter(Boolean);
  const lines = [
    `${rows.length} of ${session.all.length} tools in this session (skills: ${config.skills.join(", ")}${config.readOnly ? "; read-only" : ""}${pins.length ? `; pinned to ${pins.join(", ")}` : ""})`,
    "",
    table([
      ["TOOL", "PLACE", "ACCESS", "SKILLS"],
      ...rows.map((r) => [r.name, r.place, r.access, r.skills.join(",") || "(always)"]),
    ]),
    "",
    "direct: listed to the model; catalog: found with search_sentry_tools, run with execute_sentry_tool.",
  ];
  if (hidden.size > 0) {
    lines.push("", "Not in this session:");
    for (const [reason, names] of hidden) lines.push(`  ${names.sort().join(", ")}: ${reason}`);
  }
  io.stdout(`${lines.join("\n")}\n`);
  return 0;
}
