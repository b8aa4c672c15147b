// The live board page: the ranking from the SSE stream (or, for a moment in the past, from the
// time-travel query), a user search with the user's neighbours, paging, periods and a chart.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const board = decodeURIComponent(location.pathname.split("/")[2] || "");
  const base = "/boards/" + encodeURIComponent(board);
  const params = new URLSearchParams(location.search);
  const state = {
    offset: Math.max(0, parseInt(params.get("offset") || "0", 10) || 0),
    limit: Math.min(100, Math.max(1, parseInt(params.get("limit") || "20", 10) || 20)),
    asOf: params.get("asOf"), // null: live
    later: [], // asOf values of the periods after the shown one (for "Later")
    page: null,
    searched: null,
    stream: null,
  };
  const charts = { rate: null, top: null, data: null, timer: null };
  const fmt = new Intl.NumberFormat();
  // What the score column holds on each kind of board (the answer's scoreKind).
  const scoreLabels = { SUM: "Votes", BEST: "Best", LOWEST: "Lowest", COUNT: "Count" };
  const scoreOf = (entry) => (entry.score ?? entry.votes);
  const scoreName = (page) => scoreLabels[page.scoreKind] || "Votes";
  // "42 votes" on a SUM board, "lowest 81,204" on a game board.
  const scoreText = (standing) => !standing.scoreKind || standing.scoreKind === "SUM"
    ? fmt.format(standing.votes) + " votes"
    : scoreName(standing).toLowerCase() + " " + fmt.format(scoreOf(standing));
  // A chart point's score is null before a first submission on a BEST or LOWEST board: a gap.
  const pointScore = (point) => (point.score === undefined ? point.votes : point.score);
  const time = (iso) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "medium" });
  document.title = board + " · Leaderboard";
  $("title").textContent = board;

  // ---- the ranking -------------------------------------------------------------------------

  function show() {
    if (state.stream) state.stream.close();
    state.stream = null;
    $("error").hidden = true;
    $("go-live").hidden = !state.asOf;
    if (state.asOf) {
      setMode("history", "as of " + time(state.asOf));
      const query = "?offset=" + state.offset + "&limit=" + state.limit + "&asOf=" + encodeURIComponent(state.asOf);
      Api.json(base + "/leaderboard" + query).then(render, failed);
    } else {
      setMode("connecting", "connecting");
      const query = "?offset=" + state.offset + "&limit=" + state.limit;
      state.stream = Api.stream(base + "/live" + query, (name, page) => {
        if (name === "leaderboard") render(page);
      }, (status, error) => {
        if (status === "open") setMode("live", "live");
        else if (status === "reconnecting") setMode("connecting", "reconnecting");
        else failed(error);
      });
    }
    loadChart();
  }

  function failed(error) {
    if (error.status === 401 || error.status === 403) {
      Api.askForCredential(error, show);
      return;
    }
    setMode("connecting", "offline");
    $("error").hidden = false;
    $("error").textContent = error.message;
  }

  function setMode(kind, text) {
    $("mode").className = "mode " + kind;
    $("mode-text").textContent = text;
  }

  function render(page) {
    state.page = page;
    $("score-head").textContent = scoreName(page);
    const entries = page.entries;
    renderRows($("rows"), entries, state.searched);
    $("empty").hidden = entries.length > 0;
    const last = page.offset + entries.length;
    $("page-label").textContent = entries.length
      ? fmt.format(page.offset + 1) + "–" + fmt.format(last) + " of " + fmt.format(page.totalUsers)
      : fmt.format(page.totalUsers) + " users";
    $("prev").disabled = page.offset === 0;
    $("next").disabled = last >= page.totalUsers;
    const facts = [fmt.format(page.totalUsers) + " users"];
    if (page.stalenessMillis != null) facts.push("updated " + (page.stalenessMillis / 1000).toFixed(1) + " s ago");
    $("facts").textContent = facts.join(" · ");
    renderPeriod(page);
    if (state.searched && !state.asOf) search(state.searched, true);
    fitScoreAxis();
    appendLiveTotals();
  }

  /** Rows keyed by user; moves are animated from where each row was (FLIP). */
  function renderRows(list, entries, highlighted) {
    const before = new Map();
    const existing = new Map();
    for (const row of list.children) {
      before.set(row.dataset.user, row.getBoundingClientRect().top);
      existing.set(row.dataset.user, row);
    }
    const rows = entries.map((entry, i) => {
      const row = existing.get(entry.user) || newRow(entry.user);
      existing.delete(entry.user);
      const tie = (i > 0 && entries[i - 1].rank === entry.rank) ||
        (i + 1 < entries.length && entries[i + 1].rank === entry.rank);
      fill(row, entry, tie, entry.user === highlighted);
      return row;
    });
    existing.forEach((row) => row.remove());
    rows.forEach((row) => list.appendChild(row));
    for (const row of rows) {
      const was = before.get(row.dataset.user);
      const now = row.getBoundingClientRect().top;
      if (was === undefined) {
        row.animate([{ opacity: 0, transform: "translateY(12px)" }, { opacity: 1, transform: "none" }],
          { duration: 450, easing: "ease-out" });
      } else if (Math.abs(was - now) > 1) {
        row.animate([{ transform: "translateY(" + (was - now) + "px)" }, { transform: "none" }],
          { duration: 700, easing: "cubic-bezier(.2,.8,.2,1)" });
      }
    }
  }

  function newRow(user) {
    const row = document.createElement("li");
    row.className = "row";
    row.dataset.user = user;
    row.innerHTML = '<span class="rank"><span class="rank-number"></span><span class="tie-mark">tie</span></span>' +
      '<span class="user"></span><span class="votes"></span><span class="voters"></span><span class="mean"></span>';
    return row;
  }

  function fill(row, entry, tie, highlighted) {
    const votesChanged = row.dataset.votes !== undefined && row.dataset.votes !== String(scoreOf(entry));
    row.dataset.rank = entry.rank;
    row.dataset.votes = scoreOf(entry);
    row.className = "row" + (entry.rank <= 3 ? " medal-" + entry.rank : "") + (tie ? " tie" : "") +
      (highlighted ? " me" : "");
    row.querySelector(".rank-number").textContent = entry.rank;
    row.querySelector(".user").textContent = entry.user;
    row.querySelector(".votes").textContent = fmt.format(scoreOf(entry));
    row.querySelector(".voters").textContent = fmt.format(entry.distinctVoters);
    row.querySelector(".mean").textContent = entry.mean.toFixed(2);
    if (votesChanged) {
      row.querySelector(".votes").animate(
        [{ color: "#7CFFB2", transform: "scale(1.25)" }, { color: "", transform: "none" }],
        { duration: 900, easing: "ease-out" });
    }
  }

  // ---- search ------------------------------------------------------------------------------

  async function search(user, quiet) {
    const query = "?around=3" + (state.asOf ? "&asOf=" + encodeURIComponent(state.asOf) : "&consistency=eventual");
    const panel = $("standing");
    try {
      const standing = await Api.json(base + "/users/" + encodeURIComponent(user) + query);
      panel.hidden = false;
      panel.innerHTML = "";
      const summary = document.createElement("p");
      summary.className = "standing-summary";
      summary.innerHTML = '<span class="big"></span> <span class="of"></span>';
      summary.querySelector(".big").textContent = "#" + standing.rank;
      summary.querySelector(".of").textContent = standing.user + " · " + scoreText(standing) +
        " · of " + fmt.format(standing.totalUsers);
      const list = document.createElement("ol");
      list.className = "rows compact";
      panel.append(summary, list);
      renderRows(list, standing.around, standing.user);
      for (const row of $("rows").children) row.classList.toggle("me", row.dataset.user === standing.user);
    } catch (e) {
      if (quiet) return;
      panel.hidden = false;
      panel.innerHTML = "";
      const message = document.createElement("p");
      message.className = "muted";
      message.textContent = e.status === 404 ? "“" + user + "” has no votes on this board." : e.message;
      panel.append(message);
    }
  }

  // ---- periods and time travel ---------------------------------------------------------------

  function renderPeriod(page) {
    $("period").hidden = !page.periodStart;
    if (!page.periodStart) return;
    $("period-label").textContent = (state.asOf ? "period from " : "current period, since ") + time(page.periodStart);
    $("later").disabled = !state.asOf;
  }

  function travel(asOf, later) {
    state.asOf = asOf;
    state.later = later;
    state.offset = 0;
    const url = new URL(location.href);
    if (asOf) url.searchParams.set("asOf", asOf); else url.searchParams.delete("asOf");
    history.replaceState(null, "", url);
    show();
  }

  $("earlier").addEventListener("click", () => {
    if (!state.page || !state.page.periodStart) return;
    const end = new Date(Date.parse(state.page.periodStart) - 1).toISOString();
    travel(end, [...state.later, state.asOf]);
  });
  $("later").addEventListener("click", () => {
    const later = [...state.later];
    travel(later.pop() || null, later);
  });
  $("go-live").addEventListener("click", () => travel(null, []));
  $("travel").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = $("as-of").value;
    if (value) travel(new Date(value).toISOString(), []);
  });

  // ---- paging and search box -----------------------------------------------------------------

  $("prev").addEventListener("click", () => { state.offset = Math.max(0, state.offset - state.limit); show(); });
  $("next").addEventListener("click", () => { state.offset += state.limit; show(); });
  $("search").addEventListener("submit", (event) => {
    event.preventDefault();
    const user = $("search-user").value.trim();
    state.searched = user || null;
    if (user) search(user, false); else $("standing").hidden = true;
  });

  // ---- chart -------------------------------------------------------------------------------

  const palette = ["#FFD166", "#4CC9F0", "#F72585", "#7CFFB2", "#B388FF", "#FF9F1C"];

  async function loadChart() {
    clearTimeout(charts.timer);
    const query = "?minutes=60" + (state.asOf ? "&asOf=" + encodeURIComponent(state.asOf) : "");
    try {
      charts.data = await Api.json(base + "/chart" + query);
      drawCharts();
    } catch (e) {
      $("chart-note").textContent = "History unavailable: " + e.message;
    }
    if (!state.asOf) charts.timer = setTimeout(loadChart, 30000);
  }

  function drawCharts() {
    const data = charts.data;
    if (!window.Chart || !data) return;
    Chart.defaults.color = "#9aa4bf";
    Chart.defaults.borderColor = "rgba(255,255,255,0.06)";
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    const rate = data.eventsPerMinute.map((p) => ({ x: Date.parse(p.at), y: p.perMinute }));
    const times = rate.map((p) => p.x).concat(data.top.flatMap((s) => s.points.map((p) => Date.parse(p.at))));
    const end = state.asOf ? Date.parse(data.to) : Date.now();
    const start = times.length ? Math.min(...times) : Date.parse(data.from);
    const withSeconds = end - start < 15 * 60000;
    const x = {
      type: "linear", min: start, max: end,
      ticks: { maxTicksLimit: 5, callback: (v) => new Date(v).toLocaleTimeString([], withSeconds
        ? { hour: "2-digit", minute: "2-digit", second: "2-digit" } : { hour: "2-digit", minute: "2-digit" }) },
    };
    charts.rate = replace(charts.rate, "rate-chart", {
      type: "line",
      data: { datasets: [{ data: rate, borderColor: "#4CC9F0", backgroundColor: "rgba(76,201,240,0.18)", fill: true, cubicInterpolationMode: "monotone", pointRadius: 0, borderWidth: 3 }] },
      options: options(x, false),
    });
    const lines = data.top.map((series, i) => ({
      label: series.user,
      data: series.points.map((p) => ({ x: Date.parse(p.at), y: pointScore(p) })),
      borderColor: palette[i % palette.length],
      backgroundColor: palette[i % palette.length],
      // Monotone: a smoothed total must not rise above the count it reaches and fall back.
      cubicInterpolationMode: "monotone",
      pointRadius: 0,
      borderWidth: 3,
    }));
    charts.top = replace(charts.top, "top-chart", { type: "line", data: { datasets: lines }, options: options(x, true) });
    $("chart-note").textContent = data.newestCutoff
      ? "From snapshots, up to " + time(data.newestCutoff) + (state.asOf ? "" : "; the last point of each leader is live.") +
        (data.topComplete ? "" : " Leaders' lines are off for boards this large.")
      : "No snapshots in this hour yet: the chart fills in as the snapshot worker runs.";
    fitScoreAxis();
    appendLiveTotals();
  }

  /** A best or lowest score is far from 0, and on a LOWEST board a line rises as the time falls. */
  function fitScoreAxis() {
    const kind = state.page && state.page.scoreKind;
    if (!charts.top || !kind) return;
    const y = charts.top.options.scales.y;
    y.beginAtZero = kind === "SUM" || kind === "COUNT";
    y.reverse = kind === "LOWEST";
    charts.top.update("none");
  }

  function options(x, legend) {
    return {
      animation: { duration: 400 }, maintainAspectRatio: false, parsing: true,
      plugins: { legend: { display: legend, position: "bottom", labels: { boxWidth: 12, boxHeight: 12 } } },
      scales: { x, y: { beginAtZero: true, ticks: { precision: 0 } } },
    };
  }

  function replace(chart, id, config) {
    if (chart) chart.destroy();
    return new Chart($(id), config);
  }

  /** The leaders' lines end at their live totals (snapshots are a write window behind). */
  function appendLiveTotals() {
    if (!charts.top || state.asOf || !state.page) return;
    const live = new Map(state.page.entries.map((e) => [e.user, scoreOf(e)]));
    const now = Date.now();
    charts.top.data.datasets.forEach((dataset, i) => {
      const series = charts.data.top[i];
      const points = series.points.map((p) => ({ x: Date.parse(p.at), y: pointScore(p) }));
      if (live.has(series.user)) points.push({ x: now, y: live.get(series.user) });
      dataset.data = points;
    });
    charts.top.update("none");
  }

  show();
})();
