// Writes docs/tools.md and docs/tools.json from the built catalog (run `npm run build` first).
import { writeFileSync } from "node:fs";
import { renderToolsMarkdown, toolDocs } from "../dist/src/catalog/tools-doc.js";

const docs = toolDocs();
writeFileSync(new URL("../docs/tools.md", import.meta.url), renderToolsMarkdown(docs));
writeFileSync(new URL("../docs/tools.json", import.meta.url), `${JSON.stringify(docs, null, 2)}\n`);
process.stderr.write(`docs/tools.md and docs/tools.json: ${docs.length} tools\n`);
