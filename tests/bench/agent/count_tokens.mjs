// Count an agent-benchmark log (JSON lines written by `logged`):
//
//   node tests/bench/agent/count_tokens.mjs /tmp/agentbench/log-grep.jsonl [more logs...] [--json]
//
// For each log: the number of commands, the o200k_base tokens of all outputs (what the agent
// read) and of all commands (what it wrote), the commands that exited non-zero, and the commands
// per program (the first word of the command; `codegraph-mcp call TOOL` per tool). Warnings
// name commands that break the rules of the arm: codegraph-mcp in the grep arm, or a read of
// the benchmark's own files (the answer key).
import { readFileSync } from "node:fs";
import { encode } from "gpt-tokenizer/encoding/o200k_base";

const args = process.argv.slice(2);
const asJson = args.includes("--json");
const logs = args.filter((a) => a !== "--json");
if (logs.length === 0) {
  console.error("usage: node count_tokens.mjs LOG.jsonl [LOG.jsonl...] [--json]");
  process.exit(2);
}

const tokens = (s) => encode(s).length;
const results = [];
for (const path of logs) {
  const lines = readFileSync(path, "utf8").split("\n").filter((l) => l.trim() !== "");
  const r = { log: path, arm: null, commands: 0, output_tokens: 0, command_tokens: 0,
              failed: 0, programs: {}, warnings: [] };
  lines.forEach((line, i) => {
    const e = JSON.parse(line);
    r.arm ??= e.arm;
    r.commands += 1;
    r.output_tokens += tokens(e.output);
    r.command_tokens += tokens(e.cmd);
    if (e.exit !== 0) r.failed += 1;
    const cg = /codegraph-mcp\s+call\s+(\w+)/.exec(e.cmd);
    const prog = cg ? `codegraph-mcp call ${cg[1]}` : (e.cmd.trim().split(/\s+/)[0] || "").split("/").pop();
    r.programs[prog] = (r.programs[prog] || 0) + 1;
    if (e.arm !== r.arm) r.warnings.push(`line ${i + 1}: arm ${e.arm} in a log of arm ${r.arm}`);
    if (r.arm === "grep" && /codegraph/.test(e.cmd)) r.warnings.push(`line ${i + 1}: codegraph in the grep arm: ${e.cmd}`);
    if (/answer_key|derive_key|tests\/bench\/agent|grade\.py/.test(e.cmd)) r.warnings.push(`line ${i + 1}: reads the benchmark's files: ${e.cmd}`);
  });
  results.push(r);
}

if (asJson) {
  console.log(JSON.stringify(results, null, 1));
} else {
  for (const r of results) {
    console.log(`${r.log} (arm ${r.arm})`);
    console.log(`  commands        ${r.commands} (${r.failed} exited non-zero)`);
    console.log(`  output tokens   ${r.output_tokens}`);
    console.log(`  command tokens  ${r.command_tokens}`);
    console.log(`  per program     ${Object.entries(r.programs).sort((a, b) => b[1] - a[1]).map(([p, n]) => `${p} ${n}`).join(", ")}`);
    for (const w of r.warnings) console.log(`  WARNING ${w}`);
  }
}
