// The HTML report as a person sees it, in headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core; no browser is downloaded):
// real reports of a generated suite (the reference backend and the
// defective plugin) render to a page that loads without a console error or
// any request, holds exactly the matrix cells the reports' summaries list,
// opens a cell's detail on a click, and runs nothing that a hostile report
// carries. Screenshots land in the artifacts folder.
//
//   node html_report.test.js --onnxcts BIN --plugin SO --artifacts DIR
//
// Exits 77 (CTest's skip) when Chromium is not installed.
'use strict';

const assert = require('node:assert/strict');
const {execFileSync} = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {after, before, test} = require('node:test');

const kChromium = process.env.ONNXCTS_CHROMIUM || '/usr/bin/chromium';
const kHostile = '</script><script>window.__pwned = 1</script>';
const kHostileMessage = '<img src=x onerror="window.__pwned = 1"> \u00e9';

function option(name) {
  const i = process.argv.indexOf('--' + name);
  if (i < 0 || i + 1 >= process.argv.length) {
    console.error(`usage: node html_report.test.js --onnxcts BIN --plugin SO --artifacts DIR (missing --${name})`);
    process.exit(2);
  }
  return path.resolve(process.argv[i + 1]);
}

if (!fs.existsSync(kChromium)) {
  console.log(`SKIP: no Chromium at ${kChromium} (apt-get install chromium)`);
  process.exit(77);
}
const onnxcts = option('onnxcts');
const plugin = option('plugin');
const artifacts = option('artifacts');
const {chromium} = require('playwright-core');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'onnxcts-html-'));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'onnxcts-chromium-'));
const reports = {};
let context;

// `onnxcts run` exits 1 when it finds failures, which the plugin's are.
function run(args, okCodes = [0]) {
  try {
    execFileSync(onnxcts, args, {stdio: ['ignore', 'ignore', 'pipe']});
  } catch (e) {
    if (!okCodes.includes(e.status)) throw e;
  }
}

function makeReports() {
  const suite = path.join(work, 'suite');
  run(['generate', '--out', suite, '--no-large']);
  const suites = ['--suite', path.join(suite, 'conformance'),
                  '--suite', path.join(suite, 'must_reject')];
  for (const [name, backend] of [['reference', 'reference'],
                                 ['defective', 'plugin:' + plugin]]) {
    const file = path.join(work, name + '.json');
    run(['run', ...suites, '--backend', backend, '--report', file,
         '--timeout', '5'], [0, 1]);
    reports[name] = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  // The defective report again, with markup where a backend's text goes.
  const hostile = structuredClone(reports.defective);
  const victim = hostile.results.find((r) => r.status === 'fail' && r.op);
  victim.stderr_tail = kHostile;
  victim.message = kHostileMessage;
  reports.hostile = hostile;
  reports.victim = victim;
  fs.writeFileSync(path.join(work, 'hostile.json'), JSON.stringify(hostile));
}

function render(names, out) {
  run(['report', 'render', ...names.map((n) => path.join(work, n + '.json')),
       '-o', out]);
  return out;
}

// Opens `file` in a new tab that records console errors, page errors and
// every request.
async function load(file) {
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('file://' + file);
  return {page, problems, requests};
}

function cellKey(c) {
  return `${c.op}|${c.opset}|${c.dtype}`;
}

function verdictClass(v) {
  return 'v-' + v.replace(' ', '-');
}

before(async () => {
  fs.mkdirSync(artifacts, {recursive: true});
  makeReports();
  context = await chromium.launchPersistentContext(profile, {
        executablePath: kChromium,
        headless: true,
        viewport: {width: 1440, height: 900},
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
               '--no-first-run', '--disable-background-networking',
               '--disable-component-update', '--disable-sync'],
      });
});

after(async () => {
  if (context) await context.close();
  fs.rmSync(work, {recursive: true, force: true});
  fs.rmSync(profile, {recursive: true, force: true});
});

test('two real reports side by side: the cells of their summaries', async () => {
  const file = render(['reference', 'defective'],
                      path.join(artifacts, 'report.html'));
  const {page, problems, requests} = await load(file);
  await page.screenshot({path: path.join(artifacts, 'report-matrix.png')});
  const shown = await page.$$eval('#matrix td.cell', (cells) => cells.map((c) => ({
    report: c.dataset.report, key: c.dataset.cell,
    verdict: [...c.classList].find((k) => k.startsWith('v-')) || 'empty'})));
  const expected = [];
  const rows = new Set();
  const dtypes = new Set();
  ['reference', 'defective'].forEach((name, i) => {
    for (const c of reports[name].summary.matrix) {
      expected.push(`${i} ${cellKey(c)} ${verdictClass(c.verdict)}`);
      rows.add(`${c.op}|${c.opset}`);
      dtypes.add(c.dtype);
    }
  });
  const filled = shown.filter((c) => c.verdict !== 'empty')
                      .map((c) => `${c.report} ${c.key} ${c.verdict}`);
  assert.deepEqual(filled.sort(), expected.sort());
  assert.equal(shown.length, rows.size * dtypes.size * 2);
  assert.ok(filled.some((c) => c.endsWith('v-non-conformant')),
            'the defective plugin has non-conformant cells');
  assert.deepEqual(problems, []);
  assert.deepEqual(requests, ['file://' + file]);
  await page.close();
});

test('a click on a failing cell opens its results and its bit-pattern map', async () => {
  const file = path.join(artifacts, 'report.html');
  const {page, problems} = await load(file);
  // IsInf ignores detect_negative in the plugin: a float16 cell fails.
  const failing = reports.defective.summary.matrix.find(
      (c) => c.verdict === 'non-conformant' && c.op === 'IsInf' && c.dtype === 'float16');
  assert.ok(failing, 'IsInf float16 fails under the defective plugin');
  const key = cellKey(failing);
  assert.equal(await page.isVisible('#detail'), false);
  await page.click(`td[data-report="1"][data-cell="${key}"]`);
  await page.waitForSelector('#detail', {state: 'visible'});
  assert.equal(await page.textContent('#detail h2'),
               `IsInf \u00b7 opset ${failing.opset} \u00b7 float16`);
  const results = reports.defective.results.filter(
      (r) => r.op === 'IsInf' && r.opset === failing.opset && r.dtype === 'float16');
  const notPassed = results.filter((r) => r.status !== 'pass').length;
  assert.equal(await page.locator('#detail details.result:not(:has(.s-pass))').count(),
               notPassed);
  assert.equal(await page.textContent('#detail .results h3'),
               `Results (${results.length})`);
  assert.ok(await page.locator('#detail table.mismatch').count() > 0);
  assert.equal(await page.locator('#detail .map canvas').count(), 2, 'one panel per sign');
  // The -inf class is where detect_negative=0 goes wrong: its square is red.
  const red = await page.$$eval('#detail .map canvas', (canvases) => canvases.map((c) => {
    const pixels = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i] === 0xd6 && pixels[i + 1] === 0x45 && pixels[i + 2] === 0x45) ++n;
    }
    return n;
  }));
  assert.equal(red[0], 0, 'nothing departs among the positive patterns');
  assert.ok(red[1] > 0, 'the negative panel shows the departing class');
  // Pointing at the bottom-left square of the negative panel reads -inf.
  const negative = page.locator('#detail .map canvas').nth(1);
  const box = await negative.evaluate((c) => ({
    scale: c.clientWidth / c.width, height: c.height}));
  await negative.hover({position: {x: 11 * box.scale, y: (box.height - 13) * box.scale}});
  assert.match(await page.textContent('#detail .readout'),
               /^0xfc00\u20130xfc07 \(sign 1, exponent 31, mantissa 0\u20137\) -inf: this class has mismatches/);
  assert.deepEqual(problems, []);
  await page.screenshot({path: path.join(artifacts, 'report.png')});
  await page.keyboard.press('Escape');
  assert.equal(await page.isVisible('#detail'), false);
  await page.close();
});

test('a hostile report shows its markup as text and runs none of it', async () => {
  const file = render(['hostile'], path.join(work, 'hostile.html'));
  const {page, problems, requests} = await load(file);
  const victim = reports.victim;
  await page.click(`td[data-report="0"][data-cell="${cellKey(victim)}"]`);
  await page.waitForSelector('#detail', {state: 'visible'});
  const tails = await page.$$eval('#detail pre.stderr', (p) => p.map((e) => e.textContent));
  assert.ok(tails.includes(kHostile), JSON.stringify(tails));
  const messages = await page.$$eval('#detail .result .body > p:first-child',
                                     (p) => p.map((e) => e.textContent));
  assert.ok(messages.includes(kHostileMessage), JSON.stringify(messages));
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator('img, #detail script').count(), 0);
  assert.deepEqual(problems, []);
  assert.deepEqual(requests, ['file://' + file]);
  await page.close();
});
