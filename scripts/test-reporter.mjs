// The test run's screen report (scripts/run-tests.mjs passes it to `node --test` beside the TAP
// reporter, which writes the full TAP to .tmp/test-results/tap.txt). While the run goes: one line
// per finished top-level test or suite of a file, with the files started so far and the counts (on
// a terminal, one progress line rewritten in place). At the end: one screen
// naming every failed, cancelled and skipped test with its file and reason, and the closing count
// lines of the TAP reporter (`# tests N`, `# pass N`, `# fail N`, ...) for whatever reads CI logs.

const tty = process.stdout.isTTY === true;
const total = Number(process.env.QUIRE_TEST_FILES ?? 0);

const TEST_FILE = /\.test\.tsx?$/;

/** A failure's first line of reason: the assertion's message or the error's. */
function reasonOf(error) {
  const cause = error?.cause ?? error;
  const message = String(cause?.message ?? cause ?? 'no reason given').trim();
  return message.split('\n').find((line) => line.trim() !== '') ?? message;
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function relative(file) {
  return file ? file.replace(`${process.cwd()}/`, '') : '(no file)';
}

export default async function* quireReporter(source) {
  const counts = { tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
  const failed = [];
  const cancelled = [];
  const skipped = [];
  // Tests marked todo: goals that are measured and reported but never fail the run (a timing on
  // this machine, such as Lighthouse's phone score): listed with what they measured.
  const todos = [];
  const files = new Set();
  // Tests finished under the current top-level test or suite of each file (files run side by side).
  const underTop = new Map();
  const started = Date.now();
  let lastLeafFile;
  // The suites a test sits in, per file and depth, to name it fully ("suite > test").
  const parents = new Map();

  const fullName = (data) => {
    const path = [];
    for (let depth = 0; depth < data.nesting; depth++) {
      const name = parents.get(`${data.file}|${depth}`);
      if (name) path.push(name);
    }
    path.push(data.name);
    return path.join(' > ');
  };

  for await (const event of source) {
    const { type, data } = event;
    if (type === 'test:start') parents.set(`${data.file}|${data.nesting}`, data.name);
    if (type !== 'test:pass' && type !== 'test:fail') continue;
    if (data.file && TEST_FILE.test(data.file)) files.add(data.file);
    const failureType = data.details?.error?.failureType;
    // A suite that failed by itself (a hook threw), not only through its tests: the real reason,
    // which its cancelled tests do not carry.
    if (data.details?.type === 'suite' && type === 'test:fail' && failureType !== 'subtestsFailed') {
      counts.fail++;
      failed.push({
        file: data.file,
        name: `${fullName(data)} (the suite)`,
        reason: reasonOf(data.details?.error),
      });
    }
    if (data.details?.type !== 'suite') {
      counts.tests++;
      lastLeafFile = data.file;
      underTop.set(data.file, (underTop.get(data.file) ?? 0) + 1);
      const entry = { file: data.file, name: fullName(data) };
      if (type === 'test:pass') {
        if (data.skip !== undefined) {
          counts.skipped++;
          skipped.push({ ...entry, reason: typeof data.skip === 'string' ? data.skip : 'no reason given' });
        } else if (data.todo !== undefined) {
          counts.todo++;
          todos.push({ ...entry, reason: `met in this run (${todoReason(data)})` });
        } else counts.pass++;
      } else if (data.todo !== undefined) {
        counts.todo++;
        todos.push({ ...entry, reason: `NOT MET: ${reasonOf(data.details?.error)} (${todoReason(data)})` });
      } else if (failureType === 'cancelledByParent') {
        counts.cancelled++;
        cancelled.push({ ...entry, reason: reasonOf(data.details?.error) });
      } else {
        counts.fail++;
        failed.push({ ...entry, reason: reasonOf(data.details?.error) });
      }
    }
    // A top-level test or suite of a file has finished: the progress line.
    if (data.nesting === 0) {
      const status = type === 'test:fail' ? 'FAIL' : 'ok';
      // A suite made by a shared helper (describeEachDatabase) carries the helper's file: its
      // tests' file is the one to name.
      const file = TEST_FILE.test(data.file ?? '') ? data.file : lastLeafFile;
      const tests = underTop.get(file) ?? 0;
      underTop.set(file, 0);
      const line = `${status} ${relative(file)}: ${data.name} (${tests} test${tests === 1 ? '' : 's'}, ${seconds(data.details?.duration_ms ?? 0)}) · files ${files.size}${total ? `/${total}` : ''} · ${counts.pass} passed, ${counts.fail} failed, ${counts.cancelled} cancelled, ${counts.skipped} skipped · ${seconds(Date.now() - started)}`;
      yield tty ? `\r\x1b[2K${line.slice(0, process.stdout.columns ?? 200)}` : `${line}\n`;
    }
  }

  const lines = [tty ? '\n' : '', '\n'];
  const list = (title, entries) => {
    if (entries.length === 0) return;
    lines.push(`${title} (${entries.length}):\n`);
    for (const { file, name, reason } of entries)
      lines.push(`  - ${relative(file)}: ${name}\n      ${reason}\n`);
  };
  list('FAILED', failed);
  list('CANCELLED', cancelled);
  list('SKIPPED', skipped);
  list('TODO, measured but not failing the run', todos);
  if (failed.length + cancelled.length + skipped.length + todos.length > 0) lines.push('\n');
  lines.push(`The full TAP is in ${process.env.QUIRE_TEST_TAP ?? '.tmp/test-results/tap.txt'}.\n`);
  lines.push(`${files.size} files in ${seconds(Date.now() - started)}.\n`);
  // The closing lines in the TAP reporter's own words, for whatever reads the CI log.
  for (const key of ['tests', 'pass', 'fail', 'cancelled', 'skipped', 'todo'])
    lines.push(`# ${key} ${counts[key]}\n`);
  lines.push(`# duration_ms ${Date.now() - started}\n`);
  yield lines.join('');
}

function todoReason(data) {
  return typeof data.todo === 'string' ? data.todo : 'todo';
}
