/**
 * The report page's script (plain browser JavaScript, run after Chart.js): reads the embedded data, fills
 * the summary table and draws the charts of the breakpoint policy shown; the policy switch (and the page's
 * \`#name\` link) shows another policy's, the transcript picker redraws the per-call charts.
 */
export const reportScript = `
(() => {
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const palette = ['#2563eb', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#dc2626', '#92400e', '#65a30d', '#9333ea', '#1e3a8a'];
  const colors = {};
  let next = 0;
  const names = data.policies.flatMap((policy) => [
    ...policy.strategies.map((s) => s.name),
    ...(policy.sweep || []).map((curve) => curve.strategy),
  ]);
  for (const name of names) {
    if (colors[name]) continue;
    if (name === data.baseline) colors[name] = '#6b7280';
    else if (name === data.kiokuDefault) colors[name] = '#0f766e';
    else colors[name] = palette[next++ % palette.length];
  }
  let policy = data.policies[0];
  const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const usd = (value) =>
    value === 0 ? '$0' : '$' + (value >= 100 ? value.toFixed(0) : value >= 0.1 ? value.toFixed(2) : value.toFixed(4));
  const ratio = (value) => (Number.isFinite(value) ? value.toFixed(2) + '×' : '–');
  const percent = (value) => (value * 100).toFixed(1) + '%';
  const label = (name) => (name === data.kiokuDefault ? name + ' ★' : name);

  document.getElementById('title').textContent = data.title;
  document.getElementById('subtitle').textContent = data.subtitle;
  const body = document.querySelector('#summary tbody');
  function fillTable() {
    body.replaceChildren();
    for (const s of policy.strategies) {
      const row = document.createElement('tr');
      if (s.name === data.kiokuDefault) row.className = 'default';
      if (s.name === data.baseline) row.className = 'baseline';
      const cells = [
        [label(s.name), 'name'],
        [integer.format(s.calls), 'num'],
        [integer.format(s.inputTokens), 'num'],
        [ratio(s.inputTokensRatio), 'num ' + tone(s.inputTokensRatio)],
        [integer.format(s.peakContextTokens), 'num'],
        [usd(s.costNoCache), 'num'],
        [ratio(s.costNoCacheRatio), 'num ' + tone(s.costNoCacheRatio)],
        [usd(s.costCached), 'num'],
        [ratio(s.costCachedRatio), 'num ' + tone(s.costCachedRatio)],
        [percent(s.cacheHitRate), 'num'],
        [percent(s.hiddenFactRate), 'num ' + (s.hiddenFactRate > 0 ? 'worse' : '')],
        [s.overheadMsP95.toFixed(3), 'num'],
        [integer.format(s.callsOverWindow), 'num ' + (s.callsOverWindow > 0 ? 'worse' : '')],
        [integer.format(s.violations), 'num ' + (s.violations > 0 ? 'worse' : '')],
      ];
      for (const [text, className] of cells) {
        const cell = document.createElement('td');
        cell.textContent = text;
        cell.className = className;
        if (className === 'name' && data.descriptions && data.descriptions[s.name]) cell.title = data.descriptions[s.name];
        row.appendChild(cell);
      }
      body.appendChild(row);
    }
  }
  function tone(value) {
    if (!Number.isFinite(value) || Math.abs(value - 1) < 0.005) return '';
    return value < 1 ? 'better' : 'worse';
  }

  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
  Chart.defaults.color = '#374151';
  Chart.defaults.animation = false;
  const lineOptions = (yTitle, format) => ({
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    elements: { point: { radius: 0, hoverRadius: 3 }, line: { borderWidth: 2, tension: 0 } },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 14, boxHeight: 2 } },
      tooltip: { callbacks: { label: (item) => item.dataset.label + ': ' + format(item.parsed.y) } },
    },
    scales: {
      x: { title: { display: true, text: 'LLM call' }, ticks: { maxTicksLimit: 12 }, grid: { display: false } },
      y: { title: { display: true, text: yTitle }, beginAtZero: true, ticks: { callback: (value) => format(value) } },
    },
  });
  const datasets = (transcript, key) =>
    policy.strategies
      .filter((s) => transcript.series[s.name])
      .map((s) => ({
        label: label(s.name),
        data: transcript.series[s.name][key],
        borderColor: colors[s.name],
        backgroundColor: colors[s.name],
        borderDash: s.name === data.baseline ? [6, 4] : [],
        borderWidth: s.name === data.kiokuDefault ? 3 : 1.75,
        order: s.name === data.kiokuDefault ? 0 : s.name === data.baseline ? 1 : 2,
      }));
  const compact = (value) =>
    value >= 1e6
      ? (value / 1e6).toFixed(value >= 1e7 ? 0 : 1) + 'M'
      : value >= 1000
        ? integer.format(value / 1000) + 'k'
        : integer.format(value);
  const contextChart = new Chart(document.getElementById('context-chart'), {
    type: 'line',
    data: { labels: [], datasets: [] },
    options: lineOptions('tokens in context', compact),
  });
  const costChart = new Chart(document.getElementById('cost-chart'), {
    type: 'line',
    data: { labels: [], datasets: [] },
    options: lineOptions('cumulative USD, caching priced', usd),
  });
  const picker = document.getElementById('transcript');
  policy.transcripts.forEach((transcript, index) => {
    const option = document.createElement('option');
    option.value = String(index);
    option.textContent = transcript.label + ' — ' + transcript.calls + ' calls';
    picker.appendChild(option);
  });
  if (policy.transcripts.length < 2) picker.parentElement.hidden = true;
  function show(index) {
    const transcript = policy.transcripts[index];
    if (!transcript) return;
    const labels = Array.from({ length: transcript.calls }, (_, call) => call + 1);
    contextChart.data = { labels, datasets: datasets(transcript, 'context') };
    costChart.data = { labels, datasets: datasets(transcript, 'costCached') };
    contextChart.update();
    costChart.update();
  }
  picker.addEventListener('change', () => show(Number(picker.value)));

  const toolPalette = ['#1d4ed8', '#60a5fa', '#f59e0b', '#a78bfa', '#f472b6', '#34d399', '#22d3ee', '#f87171', '#9ca3af', '#a3a3a3'];
  const savedData = () => {
    const savers = policy.strategies.filter((s) => s.name !== data.baseline);
    return {
      labels: savers.map((s) => label(s.name)),
      datasets: policy.savedByTool.tools.map((tool, index) => ({
        label: tool,
        data: savers.map((s) => policy.savedByTool.byStrategy[s.name][index]),
        backgroundColor: toolPalette[index % toolPalette.length],
        maxBarThickness: 26,
      })),
    };
  };
  const savedChart = new Chart(document.getElementById('saved-chart'), {
    type: 'bar',
    data: { labels: [], datasets: [] },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: 'y',
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 14 } },
        tooltip: { callbacks: { label: (item) => item.dataset.label + ': ' + integer.format(item.parsed.x) + ' tokens' } },
      },
      scales: {
        x: { stacked: true, title: { display: true, text: 'tokens left out, summed over every call' }, ticks: { callback: (value) => compact(value) } },
        y: { stacked: true, grid: { display: false } },
      },
    },
  });
  // An empty scatter chart (filled when a policy is shown), its axes from zero.
  const scatterChart = (canvas, { boxWidth, tooltip, x, y }) =>
    new Chart(canvas, {
      type: 'scatter',
      data: { datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth } },
          tooltip: { callbacks: { label: tooltip } },
        },
        scales: {
          x: { title: { display: true, text: x }, beginAtZero: true },
          y: { title: { display: true, text: y }, beginAtZero: true },
        },
      },
    });
  // The trigger sweep of the policy shown: input tokens, and the hidden-fact rate, against cached cost.
  const sweepCharts = [];
  const scatter = (canvasId, xKey, xTitle) => {
    const canvas = document.getElementById(canvasId);
    if (!canvas) return;
    const sweepData = () => ({
      datasets: (policy.sweep || [])
        .filter((curve) => curve.points.some((point) => Number.isFinite(point[xKey])))
        .map((curve) => ({
          label: label(curve.strategy),
          data: curve.points
            .filter((point) => Number.isFinite(point[xKey]))
            .map((point) => ({ x: point[xKey], y: point.costCachedRatio, trigger: point.label })),
          showLine: curve.triggered,
          borderColor: colors[curve.strategy],
          backgroundColor: colors[curve.strategy],
          pointRadius: curve.triggered ? 3 : 6,
          pointStyle: curve.triggered ? 'circle' : 'rectRot',
          borderWidth: curve.strategy === data.kiokuDefault ? 3 : 1.5,
        })),
    });
    const chart = scatterChart(canvas, {
      boxWidth: 14,
      tooltip: (item) =>
        item.dataset.label + ' at ' + item.raw.trigger + ': ' + ratio(item.raw.x) + ', cost cached ' + ratio(item.raw.y),
      x: xTitle,
      y: 'cost with caching, × unmanaged',
    });
    sweepCharts.push({ chart, data: sweepData });
  };
  scatter('sweep-chart', 'inputTokensRatio', 'input tokens, × unmanaged');
  scatter('sweep-fidelity-chart', 'hiddenFactRate', 'hidden-fact rate');
  // Tokens against the hidden-fact rate, one point per strategy; the frontier joins the points no other
  // strategy beats on both (fewer tokens and fewer calls with a hidden fact).
  const fidelityData = () => {
    const points = policy.strategies.map((s) => ({ s, x: s.inputTokensRatio, y: s.hiddenFactRate * 100 }));
    const frontier = [];
    for (const point of [...points].sort((a, b) => a.x - b.x || a.y - b.y)) {
      if (frontier.length === 0 || point.y < frontier[frontier.length - 1].y) frontier.push(point);
    }
    return {
      datasets: [
        ...points.map(({ s, x, y }) => ({
          label: label(s.name),
          data: [{ x, y }],
          backgroundColor: colors[s.name],
          borderColor: colors[s.name],
          pointRadius: s.name === data.kiokuDefault ? 8 : 6,
          pointStyle: s.name === data.kiokuDefault ? 'rectRot' : 'circle',
        })),
        {
          label: 'frontier',
          data: frontier.map(({ x, y }) => ({ x, y })),
          showLine: true,
          borderColor: '#9ca3af',
          borderDash: [5, 4],
          borderWidth: 1.5,
          pointRadius: 0,
          order: 3,
        },
      ],
    };
  };
  const fidelityChart = scatterChart(document.getElementById('fidelity-chart'), {
    boxWidth: 10,
    tooltip: (item) =>
      item.dataset.label + ': ' + ratio(item.parsed.x) + ' tokens, ' + item.parsed.y.toFixed(1) + '% of calls hid a fact',
    x: 'input tokens, × ' + data.baseline,
    y: '% of calls with a hidden fact',
  });

  // The breakpoint policy shown: one button per policy (none when there is one), and #name links to it.
  const switcher = document.getElementById('policy-switch');
  const buttons = data.policies.map((entry) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = entry.name;
    if (entry.title) button.title = entry.title;
    button.addEventListener('click', () => {
      history.replaceState(null, '', '#' + encodeURIComponent(entry.name));
      showPolicy(entry.name);
    });
    switcher.appendChild(button);
    return button;
  });
  switcher.hidden = data.policies.length < 2;
  function showPolicy(name) {
    const index = data.policies.findIndex((entry) => entry.name === name);
    if (index === -1) return;
    policy = data.policies[index];
    buttons.forEach((button, at) => button.setAttribute('aria-pressed', String(at === index)));
    for (const id of ['policy-title', 'sweep-policy-title']) {
      const note = document.getElementById(id);
      if (note) note.textContent = policy.title ? policy.title[0].toUpperCase() + policy.title.slice(1) + '.' : '';
    }
    fillTable();
    show(Number(picker.value) || 0);
    savedChart.data = savedData();
    savedChart.update();
    const sweep = document.getElementById('sweep');
    if (sweep) sweep.hidden = !policy.sweep;
    for (const { chart, data: sweepData } of sweepCharts) {
      chart.data = sweepData();
      chart.update();
    }
    fidelityChart.data = fidelityData();
    fidelityChart.update();
    document.body.dataset.policy = policy.name;
  }
  const linked = decodeURIComponent(location.hash.slice(1));
  showPolicy(data.policies.some((entry) => entry.name === linked) ? linked : policy.name);
  window.addEventListener('hashchange', () => showPolicy(decodeURIComponent(location.hash.slice(1))));
  document.body.dataset.rendered = 'true';
})();
`;
