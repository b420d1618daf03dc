// The onnxcts HTML report's script: opens the detail of a matrix cell and
// draws the bit-pattern map of its dtype, from the data the page embeds
// (html_data.h). Report text is untrusted, so it only ever reaches the page
// as text nodes (append, textContent), never as markup.
(() => {
  'use strict';

  const data = JSON.parse(document.getElementById('onnxcts-data').textContent);
  const detail = document.getElementById('detail');
  const kShownResults = 300;
  // Most urgent first: what a reader came to see.
  const kStatusOrder = [
    'fail', 'crash', 'timeout', 'error', 'invalid_output', 'protocol_error',
    'unexpected_pass', 'deviation', 'invalid_test_data', 'not_supported',
    'expected_fail', 'rejected', 'not_run', 'onnxcts_unsupported',
    'unreleased_opset', 'pass'];
  const kClassColours = {
    zero: '#c5ced4', subnormal: '#a9cbe3', normal: '#e4ecf3', inf: '#c4b3e6',
    qnan: '#b3ded4', snan: '#d3ead0', int_negative: '#d9cfee',
    int_zero: '#c5ced4', int_positive: '#e4ecf3', int_min: '#c4b3e6',
    int_max: '#b3ded4'};
  const kVerdictNames = {
    'v-conformant': 'conformant', 'v-deviations': 'deviations',
    'v-non-conformant': 'non-conformant', 'v-not-supported': 'not supported',
    'v-rejects': 'rejects', 'v-runs-invalid': 'runs invalid'};
  const kMismatch = '#d64545';
  const kDeviation = '#f0b429';
  const kExample = '#111827';
  const kMargin = 10;  // room for the rings of examples at the edges

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  function statusBadge(status) {
    return el('span', {class: 'status s-' + status, text: status});
  }

  // "op|opset|dtype", where only the op may hold a '|'.
  // "op|opset|dtype", or "reject|op|opset|dtype" for a must-reject cell.
  function splitKey(key) {
    const parts = key.split('|');
    const dtype = parts.pop();
    const opset = parts.pop();
    const mustReject = parts.length > 1 && parts[0] === 'reject';
    if (mustReject) parts.shift();
    return {op: parts.join('|'), opset, dtype, mustReject};
  }

  function rank(status) {
    const i = kStatusOrder.indexOf(status);
    return i < 0 ? kStatusOrder.length : i;
  }

  function statusCounts(results) {
    const counts = new Map();
    for (const r of results) counts.set(r.status, (counts.get(r.status) || 0) + 1);
    return [...counts].sort((a, b) => rank(a[0]) - rank(b[0]));
  }

  // ---- the bit-pattern map ----

  function patternClasses(map) {
    const classes = new Uint8Array(2 ** map.bits);
    let at = 0;
    for (const [cls, length] of map.runs) {
      classes.fill(cls, at, at + length);
      at += length;
    }
    return classes;
  }

  // Which classes departed, and the example inputs the report names. The
  // report keeps counts per class and a few examples, not every pattern.
  function departures(results, map) {
    const byClass = new Map();
    const examples = new Set();
    const hexLength = 2 + map.bits / 4;
    for (const r of results) {
      for (const c of r.comparisons || []) {
        const kind = c.mismatches > 0 ? 'mismatch' : 'deviation';
        for (const [name, m] of Object.entries(c.by_class || {})) {
          if (!map.classes.includes(name)) continue;
          if (byClass.get(name) !== 'mismatch') byClass.set(name, kind);
          for (const e of m.examples || []) {
            if (!/^0x[0-9a-f]+$/i.test(e.input) || e.input.length !== hexLength) continue;
            examples.add(parseInt(e.input, 16));
          }
        }
      }
    }
    return {byClass, examples};
  }

  function classColour(name) {
    return kClassColours[name.replace(/^[+-]/, '')] || '#e4e7eb';
  }

  // Squares as large as about 384 x 192 pixels allow; the canvas is never
  // stretched, so one pattern stays one crisp square.
  function geometry(map) {
    const rows = 2 ** map.row_bits;
    const allCols = 2 ** map.col_bits;
    const bin = Math.max(1, allCols / 128);
    const cols = allCols / bin;
    const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
    return {rows, cols, bin, cw: clamp(Math.floor(384 / cols), 2, 40),
            ch: clamp(Math.floor(192 / rows), 2, 24)};
  }

  // The patterns under one square of a panel, and what the square shows:
  // a departing class wins over one that did not depart.
  function square(map, g, classes, dep, sign, row, col) {
    const first = (sign * 2 ** (map.row_bits + map.col_bits)) +
                  row * 2 ** map.col_bits + col * g.bin;
    let shown = map.classes[classes[first]];
    let state = dep.byClass.get(shown) || '';
    let example = false;
    for (let p = first; p < first + g.bin; ++p) {
      const name = map.classes[classes[p]];
      const s = dep.byClass.get(name) || '';
      if ((s === 'mismatch' && state !== 'mismatch') || (s && !state)) {
        shown = name;
        state = s;
      }
      if (dep.examples.has(p)) example = true;
    }
    return {first, last: first + g.bin - 1, shown, state, example};
  }

  function drawPanel(canvas, map, g, classes, dep, sign) {
    canvas.width = g.cols * g.cw + 2 * kMargin;
    canvas.height = g.rows * g.ch + 2 * kMargin;
    canvas.style.width = canvas.width + 'px';
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.translate(kMargin, kMargin);
    const gap = g.cw >= 8 && g.ch >= 8 ? 1 : 0;
    const examples = [];
    for (let row = 0; row < g.rows; ++row) {
      for (let col = 0; col < g.cols; ++col) {
        const sq = square(map, g, classes, dep, sign, row, col);
        ctx.fillStyle = sq.state === 'mismatch' ? kMismatch
                      : sq.state === 'deviation' ? kDeviation
                      : classColour(sq.shown);
        ctx.fillRect(col * g.cw, row * g.ch, g.cw - gap, g.ch - gap);
        if (sq.example) examples.push([col, row]);
      }
    }
    // A ring around each example, drawn last and larger than a small
    // square, so a single departing pattern (an infinity) is seen at once
    // and its own colour stays visible inside.
    ctx.strokeStyle = kExample;
    ctx.lineWidth = 2;
    for (const [col, row] of examples) {
      ctx.beginPath();
      ctx.ellipse((col + 0.5) * g.cw - gap / 2, (row + 0.5) * g.ch - gap / 2,
                  g.cw / 2 + 4, g.ch / 2 + 4, 0, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }

  function hex(value, bits) {
    return '0x' + value.toString(16).padStart(bits / 4, '0');
  }

  function describeSquare(map, g, sq, sign, row, col) {
    const range = sq.first === sq.last ? hex(sq.first, map.bits)
                : hex(sq.first, map.bits) + '\u2013' + hex(sq.last, map.bits);
    const lo = col * g.bin;
    const colText = g.bin > 1 ? lo + '\u2013' + (lo + g.bin - 1) : String(lo);
    const where = (map.sign_bits ? 'sign ' + sign + ', ' : '') +
                  map.row_label + ' ' + row + ', ' + map.col_label + ' ' + colText;
    const state = sq.state === 'mismatch' ? ': this class has mismatches'
                : sq.state === 'deviation' ? ': this class has deviations' : '';
    return range + ' (' + where + ') ' + sq.shown + state +
           (sq.example ? '; an example input of the report' : '');
  }

  function mapLegend(map, dep) {
    const list = el('ul', {class: 'map-legend'});
    const swatch = (colour) => {
      const i = el('i');
      i.style.background = colour;
      return i;
    };
    const seen = new Set();
    for (const name of map.classes) {
      const base = name.replace(/^[+-]/, '');
      if (seen.has(base)) continue;
      seen.add(base);
      list.append(el('li', {}, swatch(classColour(name)), base));
    }
    list.append(el('li', {}, swatch(kMismatch), 'class with mismatches'));
    list.append(el('li', {}, swatch(kDeviation), 'class with deviations only'));
    const ring = el('i', {class: 'ring'});
    list.append(el('li', {}, ring, 'example input listed in the report'));
    const departed = [...dep.byClass.keys()];
    return [list, el('p', {class: 'hint', text:
        'The report counts departures per value class and lists a few ' +
        'example inputs, not every pattern: a class is coloured wherever ' +
        'any of its patterns departed, and the exact examples are ringed. ' +
        (departed.length ? 'Departing classes: ' + departed.join(', ') + '.'
                         : 'No class departs from the reference here.')})];
  }

  function patternMap(map, results) {
    const classes = patternClasses(map);
    const dep = departures(results, map);
    const g = geometry(map);
    const readout = el('p', {class: 'readout muted',
                             text: 'Point at the map to read a pattern.'});
    const panels = el('div', {class: 'panels'});
    for (let sign = 0; sign < 2 ** map.sign_bits; ++sign) {
      const canvas = el('canvas', {'aria-label': map.dtype + ' bit patterns, sign ' + sign});
      drawPanel(canvas, map, g, classes, dep, sign);
      canvas.addEventListener('mousemove', (event) => {
        const x = event.offsetX * canvas.width / canvas.clientWidth - kMargin;
        const y = event.offsetY * canvas.height / canvas.clientHeight - kMargin;
        const col = Math.min(g.cols - 1, Math.max(0, Math.floor(x / g.cw)));
        const row = Math.min(g.rows - 1, Math.max(0, Math.floor(y / g.ch)));
        const sq = square(map, g, classes, dep, sign, row, col);
        readout.textContent = describeSquare(map, g, sq, sign, row, col);
      });
      const caption = map.sign_bits ? 'sign ' + sign + (sign ? ' (\u2212)' : ' (+)')
                                    : 'all patterns';
      panels.append(el('figure', {}, canvas, el('figcaption', {text: caption})));
    }
    const axes = 'Rows: ' + map.row_label + ' 0\u2013' + (g.rows - 1) +
        ', top to bottom. Columns: ' + map.col_label + ' 0\u2013' +
        (2 ** map.col_bits - 1) + (g.bin > 1 ? ', ' + g.bin + ' per column' : '') +
        ', left to right.';
    return el('section', {class: 'map'},
              el('h3', {text: 'Bit patterns of ' + map.dtype}),
              el('p', {class: 'hint', text: axes}), panels, readout,
              ...mapLegend(map, dep));
  }

  // ---- results ----

  function mismatchTable(c) {
    const table = el('table', {class: 'mismatch'});
    table.append(el('caption', {text: 'output ' + c.output + ' (' + c.dtype + ', ' +
        c.elements + ' elements): ' + c.mismatches + ' mismatches, ' +
        c.deviations + ' deviations' +
        (c.max_ulp === undefined ? '' : ', max ' + c.max_ulp + ' ulp')}));
    table.append(el('tr', {}, ...['class', 'count', 'index', 'input', 'expected',
                                  'actual'].map((h) => el('th', {text: h}))));
    for (const [name, m] of Object.entries(c.by_class || {})) {
      const examples = m.examples && m.examples.length ? m.examples : [null];
      examples.forEach((e, i) => {
        const row = el('tr');
        if (i === 0) {
          row.append(el('td', {rowspan: examples.length, text: name}),
                     el('td', {rowspan: examples.length, text: String(m.count)}));
        }
        const actual = e && e.actual + (e.ulp === undefined ? '' : ' (' + e.ulp + ' ulp)');
        for (const v of e ? [String(e.index), e.input || '\u2014', e.expected, actual]
                          : ['', '', '', '']) {
          row.append(el('td', {class: 'bits', text: v}));
        }
        table.append(row);
      });
    }
    return table;
  }

  function resultBody(r) {
    const body = el('div', {class: 'body'});
    if (r.message) body.append(el('p', {text: r.message}));
    for (const c of r.comparisons || []) {
      if (c.mismatches || c.deviations) body.append(mismatchTable(c));
    }
    if (r.known_failure) {
      body.append(el('p', {}, 'Known failure: ', el('code', {text: r.known_failure})));
    }
    if (r.adapter_steps && r.adapter_steps.length) {
      body.append(el('p', {text: 'Adapter steps:'}),
                  el('ul', {class: 'plain'},
                     ...r.adapter_steps.map((s) => el('li', {text: s}))));
    }
    if (r.reproduce) {
      body.append(el('p', {text: 'Reproduce:'}),
                  el('pre', {class: 'repro', text: r.reproduce}));
    }
    if (r.stderr_tail) {
      body.append(el('p', {text: 'Standard error (tail):'}),
                  el('pre', {class: 'stderr', text: r.stderr_tail}));
    }
    body.append(el('p', {class: 'muted', text: r.seconds.toFixed(3) + ' s'}));
    return body;
  }

  function resultItem(r, open) {
    const item = el('details', {class: 'result'});
    item.open = open;
    item.append(el('summary', {}, statusBadge(r.status),
                   el('span', {class: 'id', text: r.case_id}),
                   el('span', {class: 'muted', text: 'data set ' + r.data_set})),
                resultBody(r));
    return item;
  }

  function resultList(results) {
    const sorted = [...results].sort((a, b) => rank(a.status) - rank(b.status));
    const others = sorted.filter((r) => r.status !== 'pass');
    const passed = sorted.filter((r) => r.status === 'pass');
    const section = el('section', {class: 'results'},
                       el('h3', {text: 'Results (' + results.length + ')'}));
    others.slice(0, kShownResults).forEach((r, i) => section.append(resultItem(r, i < 3)));
    if (others.length > kShownResults) {
      section.append(el('p', {class: 'hint', text: (others.length - kShownResults) +
          ' more results are in the JSON report.'}));
    }
    if (passed.length) {
      const list = el('ul', {class: 'plain'});
      for (const r of passed.slice(0, kShownResults)) {
        list.append(el('li', {}, el('span', {class: 'id mono', text: r.case_id}),
                       ' data set ' + r.data_set));
      }
      const item = el('details', {class: 'result'});
      item.append(el('summary', {}, statusBadge('pass'),
                     passed.length + ' results passed'), el('div', {class: 'body'}, list));
      section.append(item);
    }
    return section;
  }

  // ---- the detail panel ----

  function cellElement(report, key) {
    for (const node of document.querySelectorAll('[data-cell]')) {
      if (node.dataset.report === String(report) && node.dataset.cell === key) return node;
    }
    return null;
  }

  function close() {
    detail.hidden = true;
    detail.replaceChildren();
    for (const node of document.querySelectorAll('.selected')) node.classList.remove('selected');
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  }

  function openDetail(reportIndex, key) {
    const report = data.reports[reportIndex];
    if (!report) return;
    const results = (report.cells[key] || []).map((i) => report.results[i]);
    const cell = cellElement(reportIndex, key);
    const k = key ? splitKey(key) : null;
    const title = k ? (k.mustReject ? 'must-reject \u00b7 ' : '') + k.op +
                          ' \u00b7 opset ' + k.opset + ' \u00b7 ' + k.dtype
                    : 'Results outside the matrix';
    const verdict = cell && [...cell.classList].find((c) => c.startsWith('v-'));
    const sub = el('p', {}, report.label + ' ',
                   verdict ? el('span', {class: 'chip ' + verdict,
                                         text: kVerdictNames[verdict]})
                           : null);
    const counts = el('p', {});
    for (const [status, n] of statusCounts(results)) {
      counts.append(statusBadge(status), ' ' + n + '  ');
    }
    const closeButton = el('button', {class: 'close', type: 'button',
                                      'aria-label': 'close', text: '\u00d7'});
    closeButton.addEventListener('click', close);
    detail.replaceChildren(el('div', {class: 'head'},
                              el('div', {}, el('h2', {text: title}), sub), closeButton),
                           counts);
    const map = k && data.maps[k.dtype];
    if (map) detail.append(patternMap(map, results));
    detail.append(resultList(results));
    detail.hidden = false;
    detail.scrollTop = 0;
    for (const node of document.querySelectorAll('.selected')) node.classList.remove('selected');
    if (cell) cell.classList.add('selected');
    history.replaceState(null, '', '#' + encodeURIComponent(reportIndex + '/' + key));
  }

  function fromTarget(target) {
    const node = target.closest('[data-cell]');
    if (!node || node.classList.contains('empty')) return;
    openDetail(Number(node.dataset.report), node.dataset.cell);
  }

  document.addEventListener('click', (event) => {
    if (event.target.closest('[data-cell]')) fromTarget(event.target);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !detail.hidden) close();
    if ((event.key === 'Enter' || event.key === ' ') &&
        event.target.matches && event.target.matches('td[data-cell]')) {
      event.preventDefault();
      fromTarget(event.target);
    }
  });
  if (location.hash.length > 1) {
    const hash = decodeURIComponent(location.hash.slice(1));
    const slash = hash.indexOf('/');
    if (slash > 0) openDetail(Number(hash.slice(0, slash)), hash.slice(slash + 1));
  }
})();
