// Prints where a V8 .cpuprofile spent its time: self time by package or file, self time by
// function, and inclusive time of the functions that matter. For a flame graph, open the same file
// in Chrome DevTools (Performance, load profile) or https://www.speedscope.app.
//
//   npm run profile-summary -- bench/results/profiles/CPU.*.cpuprofile [--top 30] [--folded out.txt]
//
// --folded writes the samples as folded stacks ("root;caller;callee count" per line), the input
// of flamegraph.pl, inferno-flamegraph and speedscope, for a flame graph as an SVG or in a browser.
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, folded: { type: 'string' } },
});
if (positionals.length === 0) {
  process.stderr.write('usage: npm run profile-summary -- FILE.cpuprofile [--top N]\n');
  process.exit(2);
}
const top = Number(values.top);

/** `node_modules/fastify/...` → `fastify`; `node:internal/...` → `node`; the bundle → `quire`. */
function owner(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:') || url === '') return url === '' ? '(native)' : 'node';
  return 'quire';
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split('/').slice(-1)[0] || '';
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

function table(title: string, counts: Map<string, number>, total: number): void {
  process.stdout.write(`\n${title}\n`);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, count] of sorted) {
    process.stdout.write(`${((100 * count) / total).toFixed(1).padStart(6)} %  ${name}\n`);
  }
}

for (const file of positionals) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const selfByFunction = new Map<string, number>();
  const selfByOwner = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const folded = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const id of profile.samples) {
    const node = byId.get(id)!;
    const name = frameName(node);
    if (node.callFrame.functionName === '(idle)') {
      idle++;
      continue;
    }
    total++;
    selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + 1);
    const who = node.callFrame.url ? owner(node.callFrame.url) : name.split(' ')[0]!;
    selfByOwner.set(who, (selfByOwner.get(who) ?? 0) + 1);
    const seen = new Set<string>();
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = frameName(byId.get(at)!);
      stack.push(frame.replaceAll(';', ':'));
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + 1);
    }
    const line = stack.reverse().join(';');
    folded.set(line, (folded.get(line) ?? 0) + 1);
  }
  if (values.folded !== undefined) {
    const out = [...folded].map(([stack, count]) => `${stack} ${count}`).join('\n');
    fs.writeFileSync(values.folded, `${out}\n`);
  }
  process.stdout.write(
    `${file}: ${total} busy samples, ${idle} idle (${((100 * idle) / (total + idle)).toFixed(0)} % idle)\n`,
  );
  table('Self time by package (quire = the bundle, node = Node internals)', selfByOwner, total);
  table('Self time by function', selfByFunction, total);
  table('Inclusive time by function', inclusive, total);
}
