// The dsh4j console: a single page over the console's JSON API (POST /api/<method>, DSH's RPC
// envelope). Every text from a log is put in the page as text (textContent or Markdown.render),
// never as HTML. Nothing is fetched from anywhere but this server.
"use strict";
(function () {
  const state = { lang: "en", texts: {}, sessions: null, rpc: 0, nav: 0 };
  const main = document.getElementById("main");

  function t(key) {
    let s = state.texts[key] !== undefined ? state.texts[key] : key;
    for (let i = 1; i < arguments.length; i++) s = s.split("{" + (i - 1) + "}").join(String(arguments[i]));
    return s;
  }

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    if (attrs) for (const k of Object.keys(attrs)) {
      const v = attrs[k];
      if (v === undefined || v === null || v === false) continue;
      if (k === "text") e.textContent = v;
      else if (k === "class") e.className = v;
      else if (k === "style") Object.assign(e.style, v); // CSSOM, which the page's CSP allows (an attribute would not be)
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k.startsWith("data-")) e.setAttribute(k, v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    (children || []).forEach(function (c) { if (c !== null && c !== undefined) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }

  async function rpc(method, payload) {
    const res = await fetch("/api/" + method, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: "client-request", rpcId: "c" + (++state.rpc), method: method, payload: payload || {} })
    });
    if (!res.ok) throw new Error(res.status + " " + (await res.text()));
    const body = await res.json();
    if (!body.result.ok) throw new Error(body.result.error.code + ": " + body.result.error.message);
    return body.result.value;
  }

  function fail(where, e) {
    where.replaceChildren(el("p", { class: "error", role: "alert", text: t("error.load", e.message) }));
  }

  // Only the latest request applies (the first load and a quick language change may answer out of order).
  async function loadTexts(lang) {
    const token = state.textsReq = (state.textsReq || 0) + 1;
    const v = await rpc("console.texts", { lang: lang });
    if (token !== state.textsReq) return false;
    state.lang = v.lang;
    state.texts = v.texts;
    document.documentElement.lang = v.lang;
    document.title = t("app.title");
    document.getElementById("app-title").textContent = t("app.title");
    document.getElementById("skip").textContent = t("app.skip");
    document.getElementById("nav-sessions").textContent = t("nav.sessions");
    document.getElementById("nav-merge").textContent = t("nav.merge");
    document.getElementById("nav-chat").textContent = t("nav.chat");
    document.getElementById("lang-label").textContent = t("nav.language");
    document.getElementById("live-note").textContent = t("live.note");
    document.getElementById("lang").value = v.lang;
    return true;
  }

  function fmtTime(ms) {
    if (typeof ms !== "number") return "";
    try { return new Date(ms).toISOString().replace(/\.\d+Z$/, "Z"); } catch (e) { return String(ms); }
  }

  function fmtNumber(n) {
    return typeof n === "number" ? n.toLocaleString(state.lang === "zh-CN" ? "zh-CN" : "en-US") : "–";
  }

  // ---- sessions list -------------------------------------------------------------------------

  async function sessions() {
    if (!state.sessions) state.sessions = (await rpc("session.list")).sessions;
    return state.sessions;
  }

  // A view that awaits the server draws only if the user has not navigated elsewhere meanwhile.
  function current() {
    const token = state.nav;
    return function () { return token === state.nav; };
  }

  async function showList() {
    const alive = current();
    main.replaceChildren(el("p", { text: t("list.loading") }));
    let rows;
    try { rows = await sessions(); } catch (e) { if (alive()) fail(main, e); return; }
    if (!alive()) return;
    const search = el("input", { type: "search", id: "search", placeholder: t("list.searchPlaceholder"), "aria-label": t("list.search") });
    const levels = Array.from(new Set(rows.map(function (r) { return r.health ? r.health.level : "none"; }))).sort();
    const level = el("select", { id: "level-filter", "aria-label": t("list.level") },
      [el("option", { value: "", text: t("list.level.all") })].concat(levels.map(function (l) {
        return el("option", { value: l, text: l === "none" ? t("list.noHealth") : l });
      })));
    const kind = el("select", { id: "kind-filter", "aria-label": t("list.kind") }, [
      el("option", { value: "", text: t("list.kind.all") }),
      el("option", { value: "top", text: t("list.kind.top") }),
      el("option", { value: "child", text: t("list.kind.child") })]);
    const count = el("p", { id: "list-count", "aria-live": "polite" });
    const body = el("tbody");
    const table = el("table", { class: "sessions", id: "sessions" }, [
      el("thead", null, [el("tr", null, ["list.col.session", "list.col.created", "list.col.cwd", "list.col.score", "list.col.level"]
        .map(function (k) { return el("th", { scope: "col", text: t(k) }); }))]), body]);
    function apply() {
      const q = search.value.trim().toLowerCase();
      const lv = level.value;
      const kd = kind.value;
      const shown = rows.filter(function (r) {
        if (q && !(r.sessionId.toLowerCase().includes(q) || (r.cwd || "").toLowerCase().includes(q))) return false;
        if (lv && (r.health ? r.health.level : "none") !== lv) return false;
        if (kd === "top" && r.parentSessionId) return false;
        if (kd === "child" && !r.parentSessionId) return false;
        return true;
      });
      body.replaceChildren.apply(body, shown.map(function (r) {
        return el("tr", { "data-session": r.sessionId }, [
          el("td", null, [el("a", { href: "#/session/" + encodeURIComponent(r.sessionId), text: r.sessionId })]),
          el("td", { text: fmtTime(r.createdAt) }),
          el("td", { class: "cwd", text: r.cwd || "" }),
          el("td", { class: "num", text: r.health ? String(r.health.score) : "–" }),
          el("td", null, [r.health ? el("span", { class: "level level-" + r.health.level, text: r.health.level })
            : el("span", { class: "level", title: r.healthProblem || "", text: t("list.noHealth") })])]);
      }));
      count.textContent = t("list.count", shown.length, rows.length);
      if (!shown.length) body.appendChild(el("tr", null, [el("td", { colspan: "5", text: t("list.empty") })]));
    }
    [search, level, kind].forEach(function (c) { c.addEventListener("input", apply); });
    main.replaceChildren(el("h2", { text: t("nav.sessions") }),
      el("div", { class: "filters" }, [search, level, kind]), count, el("div", { class: "scroll" }, [table]));
    apply();
    search.focus();
  }

  // ---- one session ---------------------------------------------------------------------------

  const TABS = ["transcript", "health", "handoff", "stats", "deliberation"];

  function showSession(id, tab) {
    const sessionBar = healthBar(id);
    const panel = el("section", { id: "panel", class: "panel", tabindex: "-1", "aria-live": "polite" });
    const tabs = el("div", { role: "tablist", class: "tabs" }, TABS.map(function (name) {
      return el("a", { role: "tab", id: "tab-" + name, href: "#/session/" + encodeURIComponent(id) + "/" + name,
        "aria-selected": name === tab ? "true" : "false", text: t("session.tab." + name) });
    }));
    main.replaceChildren(el("p", { class: "toolbar" }, [el("a", { href: "#/", text: "← " + t("session.back") }),
      el("a", { href: "#/chat/" + encodeURIComponent(id), id: "session-chat", text: t("chat.continue") })]),
      el("h2", { class: "session-id", text: id }), sessionBar.node, tabs, panel);
    sessionBar.refresh();
    const views = { transcript: transcript, health: health, handoff: handoff, stats: stats, deliberation: deliberation };
    views[tab](id, panel).catch(function (e) { fail(panel, e); });
  }

  function blockNodes(block) {
    switch (block.type) {
      case "text": return [Markdown.render(block.text)];
      case "reasoning": return [el("details", { class: "reasoning" }, [el("summary", { text: t("block.reasoning") }), el("pre", { text: block.text })])];
      case "tool-call": {
        let args = block.arguments;
        try { args = JSON.stringify(JSON.parse(args), null, 2); } catch (e) { /* not JSON: show as recorded */ }
        return [el("details", { class: "tool-call" }, [el("summary", { text: t("block.toolCall", block.name) }), el("pre", { text: args })])];
      }
      case "tool-result": {
        const inner = [];
        (block.content || []).forEach(function (b) { blockNodes(b).forEach(function (n) { inner.push(n); }); });
        return [el("details", { class: "tool-result" + (block.isError ? " is-error" : "") }, [
          el("summary", { text: t("role.tool") + (block.isError ? " · " + t("block.toolError") : "") })].concat(inner))];
      }
      case "image": return [el("p", { class: "image", text: t("block.image", (block.attachment && block.attachment.name) || "") })];
      default: return [el("pre", { text: JSON.stringify(block) })];
    }
  }

  async function transcript(id, panel) {
    const v = await rpc("session.surface", { sessionId: id });
    const list = el("ol", { class: "transcript", id: "transcript" });
    v.messages.forEach(function (m) {
      const msg = m.message;
      const isTool = m.type === "tool/result";
      const role = isTool ? "tool" : msg.role;
      const body = el("div", { class: "body" });
      (msg.content || []).forEach(function (b) { blockNodes(b).forEach(function (n) { body.appendChild(n); }); });
      list.appendChild(el("li", { class: "msg msg-" + role, "data-seq": String(m.seq), "data-type": m.type }, [
        el("div", { class: "role", text: t("role." + role) }), body]));
    });
    panel.replaceChildren();
    if (v.problems) panel.appendChild(el("details", { class: "problems" }, [el("summary", { text: t("transcript.problems") }), el("pre", { text: v.problems })]));
    panel.appendChild(v.messages.length ? list : el("p", { text: t("transcript.empty") }));
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const k of Object.keys(attrs || {})) e.setAttribute(k, attrs[k]);
    return e;
  }

  function chart(series) {
    const W = 720, H = 260, L = 64, R = 44, T = 16, B = 34;
    const root = svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img", id: "health-chart", class: "chart" });
    const title = svg("title");
    title.textContent = t("health.chart");
    root.appendChild(title);
    const n = series.length;
    const maxCtx = Math.max(1, Math.max.apply(null, series.map(function (p) { return p.contextTokens || 0; })));
    const x = function (i) { return L + (n <= 1 ? (W - L - R) / 2 : i * (W - L - R) / (n - 1)); };
    const yc = function (v) { return T + (H - T - B) * (1 - v / maxCtx); };
    const ys = function (v) { return T + (H - T - B) * (1 - v / 100); };
    root.appendChild(svg("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }));
    root.appendChild(svg("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }));
    [[0, "0"], [maxCtx, fmtNumber(maxCtx)]].forEach(function (tk) {
      const tx = svg("text", { x: L - 6, y: yc(tk[0]) + 4, "text-anchor": "end", class: "tick" });
      tx.textContent = tk[1];
      root.appendChild(tx);
    });
    [0, 100].forEach(function (v) {
      const tx = svg("text", { x: W - R + 6, y: ys(v) + 4, class: "tick" });
      tx.textContent = String(v);
      root.appendChild(tx);
    });
    const label = svg("text", { x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle", class: "tick" });
    label.textContent = t("health.chart.turn") + " 1–" + n;
    root.appendChild(label);
    root.appendChild(svg("polyline", { class: "line-context", points: series.map(function (p, i) { return x(i) + "," + yc(p.contextTokens || 0); }).join(" ") }));
    root.appendChild(svg("polyline", { class: "line-score", points: series.map(function (p, i) { return x(i) + "," + ys(p.score); }).join(" ") }));
    series.forEach(function (p, i) {
      const c = svg("circle", { cx: x(i), cy: yc(p.contextTokens || 0), r: 3.5, class: "pt-context point",
        "data-turn": p.turn, "data-context": p.contextTokens, "data-score": p.score });
      const tip = svg("title");
      tip.textContent = t("health.chart.turn") + " " + p.turn + ": " + fmtNumber(p.contextTokens) + " " + t("health.chart.context") + ", " + t("health.chart.score") + " " + p.score;
      c.appendChild(tip);
      root.appendChild(c);
      root.appendChild(svg("circle", { cx: x(i), cy: ys(p.score), r: 3, class: "pt-score" }));
    });
    const legend = el("p", { class: "legend" }, [el("span", { class: "key key-context", text: t("health.chart.context") }),
      el("span", { class: "key key-score", text: t("health.chart.score") })]);
    return el("figure", null, [root, legend]);
  }

  async function health(id, panel) {
    const h = await rpc("session.health", { sessionId: id, lang: state.lang });
    const facts = el("dl", { class: "facts" }, [
      el("dt", { text: t("health.score") }), el("dd", { id: "health-score", text: String(h.score) }),
      el("dt", { text: t("health.level") }), el("dd", null, [el("span", { class: "level level-" + h.level, text: h.level })]),
      el("dt", { text: t("health.used") }), el("dd", { text: fmtNumber(h.usedTokens) }),
      el("dt", { text: t("health.window") }), el("dd", { text: fmtNumber(h.window) })]);
    const advice = el("section", { class: "advice" }, [el("h3", { text: t("health.advice") }), el("p", { id: "health-advice", text: h.adviceText })]);
    const findings = h.findings.length ? el("section", null, [el("h3", { text: t("health.findings") }),
      el("ul", null, h.findings.map(function (f) { return el("li", { text: f }); }))]) : null;
    const series = h.series;
    const table = el("table", { class: "series", id: "health-series" }, [
      el("thead", null, [el("tr", null, ["health.table.turn", "health.table.context", "health.table.cache", "health.table.score"]
        .map(function (k) { return el("th", { scope: "col", text: t(k) }); }))]),
      el("tbody", null, series.map(function (p) {
        return el("tr", null, [el("td", { text: String(p.turn) }), el("td", { class: "num", text: fmtNumber(p.contextTokens) }),
          el("td", { class: "num", text: p.cacheHitRate === null ? "–" : (p.cacheHitRate * 100).toFixed(1) + "%" }),
          el("td", { class: "num", text: String(p.score) })]);
      }))]);
    panel.replaceChildren.apply(panel, [el("div", { class: "health-top" }, [facts, advice]),
      series.length ? chart(series) : el("p", { text: t("health.chart.none") }), findings,
      el("details", { class: "series-table" }, [el("summary", { text: t("health.chart") }), table])].filter(Boolean));
  }

  async function handoff(id, panel) {
    const profile = el("select", { id: "handoff-profile", "aria-label": t("handoff.profile") },
      ["slim", "full", "lean"].map(function (p) { return el("option", { value: p, text: p }); }));
    const doc = el("pre", { class: "handoff", id: "handoff-doc", tabindex: "0" });
    const status = el("span", { class: "status", role: "status" });
    const url = function (download) {
      return "/attention-health/handoff?sessionId=" + encodeURIComponent(id) + "&profile=" + profile.value +
        "&lang=" + encodeURIComponent(state.lang) + (download ? "&download=1" : "");
    };
    const download = el("a", { id: "handoff-download", class: "button", href: url(true), download: "", text: t("handoff.download") });
    const copy = el("button", { type: "button", id: "handoff-copy", text: t("handoff.copy"), onclick: async function () {
      try { await navigator.clipboard.writeText(doc.textContent); }
      catch (e) { const r = document.createRange(); r.selectNodeContents(doc); const s = getSelection(); s.removeAllRanges(); s.addRange(r); document.execCommand("copy"); }
      status.textContent = t("handoff.copied");
    } });
    async function load() {
      download.href = url(true);
      const res = await fetch(url(false));
      if (!res.ok) throw new Error(res.status + " " + (await res.text()));
      doc.textContent = await res.text();
    }
    profile.addEventListener("change", function () { load().catch(function (e) { fail(panel, e); }); });
    panel.replaceChildren(el("div", { class: "toolbar" }, [el("label", null, [t("handoff.profile") + " ", profile]), copy, download, status]), doc);
    await load();
  }

  async function stats(id, panel) {
    const s = await rpc("session.stats", { sessionId: id });
    const tk = s.tokens || {};
    const rows = [["stats.status", s.status], ["stats.events", s.events], ["stats.turns", s.turns], ["stats.steps", s.steps],
      ["stats.toolCalls", s.toolCalls], ["stats.toolErrors", s.toolErrors],
      ["stats.tokens", [tk.input, tk.output, tk.cacheRead, tk.reasoning].map(fmtNumber).join(" / ")]];
    panel.replaceChildren(el("dl", { class: "facts", id: "stats" }, rows.flatMap(function (r) {
      return [el("dt", { text: t(r[0]) }), el("dd", { text: typeof r[1] === "number" ? fmtNumber(r[1]) : String(r[1]) })];
    })));
  }

  // ---- merge ---------------------------------------------------------------------------------

  async function showMerge() {
    const alive = current();
    main.replaceChildren(el("p", { text: t("list.loading") }));
    let rows;
    try { rows = await sessions(); } catch (e) { if (alive()) fail(main, e); return; }
    if (!alive()) return;
    const filter = el("input", { type: "search", id: "merge-filter", "aria-label": t("merge.filter"), placeholder: t("merge.filter") });
    const boxes = el("ul", { class: "sources", id: "merge-sources" }, rows.map(function (r) {
      return el("li", { "data-session": r.sessionId }, [el("label", null, [el("input", { type: "checkbox", value: r.sessionId }), " " + r.sessionId])]);
    }));
    const budgetOut = el("output", { id: "merge-budget-value", text: "1200" });
    const budget = el("input", { type: "range", id: "merge-budget", min: "0", max: "6000", step: "50", value: "1200", "aria-label": t("merge.budget"),
      oninput: function () { budgetOut.textContent = budget.value; } });
    const query = el("input", { type: "text", id: "merge-query", "aria-label": t("merge.query"), placeholder: t("merge.query") });
    const out = el("section", { id: "merge-result", "aria-live": "polite" });
    const go = el("button", { type: "button", id: "merge-go", text: t("merge.preview"), onclick: function () {
      const picked = Array.from(boxes.querySelectorAll("input:checked")).map(function (b) { return b.value; });
      if (!picked.length) { out.replaceChildren(el("p", { class: "error", text: t("merge.pick") })); return; }
      preview(picked, Number(budget.value), query.value, out).catch(function (e) { fail(out, e); });
    } });
    filter.addEventListener("input", function () {
      const q = filter.value.trim().toLowerCase();
      boxes.querySelectorAll("li").forEach(function (li) { li.hidden = q !== "" && !li.dataset.session.toLowerCase().includes(q); });
    });
    main.replaceChildren(el("h2", { text: t("nav.merge") }), el("div", { class: "merge-form" }, [
      el("fieldset", null, [el("legend", { text: t("merge.sources") }), filter, el("div", { class: "scroll sources-box" }, [boxes])]),
      el("div", { class: "merge-controls" }, [el("label", null, [t("merge.budget") + " ", budget, " ", budgetOut]), query, go])]), out);
  }

  // The renderer names each slot it keeps as `key` in the block; the others were dropped for the budget.
  function inBlockFirst(v) {
    const text = v.render && v.render.text ? v.render.text : "";
    const rows = v.slots.map(function (s) { return Object.assign({ inBlock: text.includes("`" + s.key + "`") }, s); });
    return rows.filter(function (s) { return s.inBlock; }).concat(rows.filter(function (s) { return !s.inBlock; }));
  }

  async function preview(sources, budget, query, out) {
    const v = await rpc("merge.preview", { sources: sources, budget: budget, query: query || null, lang: state.lang });
    const parts = [];
    if (!v.trust.ok) parts.push(el("p", { class: "error", text: t("merge.trustRefused", v.trust.violations.map(function (x) { return x.key + "/" + x.rule; }).join(", ")) }));
    if (v.render) {
      parts.push(el("dl", { class: "facts" }, [
        el("dt", { text: t("merge.included") }), el("dd", { id: "merge-included", text: String(v.render.included) }),
        el("dt", { text: t("merge.dropped") }), el("dd", { id: "merge-dropped", text: String(v.render.dropped) }),
        el("dt", { text: t("merge.unresolved") }), el("dd", { text: String(v.render.unresolved) }),
        el("dt", { text: t("merge.tokens") }), el("dd", { text: String(v.render.tokens) })]));
      parts.push(el("h3", { text: t("merge.block") }));
      parts.push(v.render.text ? el("pre", { class: "merged", id: "merge-block", tabindex: "0", text: v.render.text })
        : el("p", { id: "merge-block", text: t("merge.nothing", v.render.reason || "") }));
    }
    parts.push(el("h3", { text: t("merge.slots") }));
    parts.push(el("div", { class: "scroll" }, [el("table", { class: "slots", id: "merge-slots" }, [
      el("thead", null, [el("tr", null, ["merge.slot.key", "merge.slot.outcome", "merge.slot.value", "merge.slot.inBlock"].map(function (k) { return el("th", { scope: "col", text: t(k) }); }))]),
      el("tbody", null, inBlockFirst(v).map(function (s) {
        return el("tr", { "data-in-block": s.inBlock ? "true" : "false" }, [el("td", { text: s.key }), el("td", { text: s.decision.outcome }),
          el("td", { text: s.decision.winner !== undefined ? s.decision.winner : s.decision.tied.join(" | ") }),
          el("td", { text: s.inBlock ? t("merge.slot.kept") : t("merge.slot.dropped") })]);
      }))])]));
    if (v.warnings.length) parts.push(el("details", null, [el("summary", { text: t("merge.warnings") }), el("pre", { text: v.warnings.join("\n") })]));
    out.replaceChildren.apply(out, parts);
  }

  // ---- deliberation rounds -------------------------------------------------------------------

  function packetNodes(packet) {
    const items = Array.isArray(packet.items) ? packet.items : [];
    return [el("p", { class: "packet-status", text: t("delib.status") + ": " + String(packet.status) }),
      items.length ? el("ul", { class: "packet-items" }, items.map(function (it) {
        return el("li", { class: "item item-" + String(it.kind) }, [
          el("span", { class: "item-kind", text: String(it.kind) + " · " + String(it.certainty) }), " ",
          el("span", { class: "item-content", text: String(it.content) })]);
      })) : null];
  }

  async function deliberation(id, panel) {
    const v = await rpc("deliberation.runs", { sessionId: id });
    const parts = [];
    if (!v.runs.length) parts.push(el("p", { id: "delib-none", text: t("delib.none") }));
    v.runs.forEach(function (run, i) {
      const rows = (run.branches || []).map(function (b) {
        const packet = b.packet ? packetNodes(b.packet) : [el("span", { class: "muted", text: b.packetTooLarge ? "> 10000" : t("delib.noPacket") })];
        if (b.diagnostic !== undefined) packet.push(el("p", { class: "diagnostic", text: t("delib.diagnostic") + ": " + String(b.diagnostic) }));
        return el("tr", { class: "branch", "data-label": String(b.label) }, [
          el("th", { scope: "row" }, [el("div", { text: String(b.label) }), b.focus ? el("div", { class: "muted", text: t("delib.focus") + ": " + b.focus }) : null]),
          el("td", { class: "branch-role", "data-col": t("delib.role"), text: String(b.role || "") }),
          el("td", { "data-col": t("delib.route"), text: [b.route, b.capability].filter(function (x) { return x; }).join(" · ") }),
          el("td", { class: "stop", "data-col": t("delib.stopReason"), text: b.stopReason !== undefined ? String(b.stopReason) : "" }),
          el("td", { class: "packet", "data-col": t("delib.packet") }, packet),
          el("td", { "data-col": t("delib.child") }, [b.childSessionId ? el("a", { href: "#/session/" + encodeURIComponent(b.childSessionId), text: b.childSessionId }) : null])]);
      });
      parts.push(el("section", { class: "delib-run", "data-call": run.callId }, [
        el("h3", { text: t("delib.run", i + 1, run.turn, run.step) }),
        el("dl", { class: "facts" }, [
          el("dt", { text: t("delib.goal") }), el("dd", { text: run.goal || "" }),
          el("dt", { text: t("delib.incumbent") }), el("dd", { text: run.incumbent || "" })]),
        run.status === "pending" ? el("p", { class: "muted", text: t("delib.pending") }) : null,
        run.status === "error" ? el("p", { class: "error", text: t("delib.failed", run.error) }) : null,
        run.problem ? el("p", { class: "error", text: run.problem }) : null,
        el("div", { class: "scroll" }, [el("table", { class: "branches" }, [
          el("thead", null, [el("tr", null, ["delib.branch", "delib.role", "delib.route", "delib.stopReason", "delib.packet", "delib.child"]
            .map(function (k) { return el("th", { scope: "col", text: t(k) }); }))]),
          el("tbody", null, rows)])])]));
    });
    if (v.children.length) {
      parts.push(el("h3", { text: t("delib.children") }), el("ul", { id: "delib-children" }, v.children.map(function (c) {
        return el("li", null, [el("a", { href: "#/session/" + encodeURIComponent(c.sessionId), text: c.sessionId }),
          c.matched ? null : el("span", { class: "muted", text: " (" + t("delib.unmatched") + ")" })]);
      })));
    }
    panel.replaceChildren(el("div", { id: "deliberation" }, parts));
  }

  // ---- the attention-health bar (spec attention-health.md §1.5, DSH's composer-dock bar) ------
  // Fed by session.health's projection (the plugin's live view). Silent unless something is wrong.

  const ADVICE_STYLE = { "continue": ["#22c55e", "●", 500], costNote: ["#38bdf8", "·", 400],
    prepare: ["#facc15", "○", 500], handoff: ["#eab308", "●", 600], compact: ["#eab308", "●", 600] };
  const LEVEL_STYLE = { watch: "#eab308", warn: "#f97316", critical: "#ef4444" };

  function healthBar(sessionId) {
    const bar = { open: false, busy: false, notice: "", error: "", health: undefined, loading: false, again: false };
    const node = el("div", { id: "health-bar", class: "health-bar", "data-session": sessionId });
    const num = function (x) { return typeof x === "number" && isFinite(x); };
    function signals(h) {
      const out = [];
      if (h.guardTripCount > 0) out.push(t("bar.sig.guard", h.guardTripCount));
      if (h.reasoningLoop > 0) out.push(t("bar.sig.loop", h.reasoningLoop));
      if (h.reasoningFlags > 0) out.push(t("bar.sig.long", h.reasoningFlags));
      if (h.degradedReplies > 0) out.push(t("bar.sig.degraded", h.degradedReplies));
      if (h.repeatWorst >= 3) out.push(t("bar.sig.repeat", h.repeatWorst));
      return out;
    }
    async function copy(profile) {
      if (bar.busy) return;
      bar.busy = true; bar.notice = ""; bar.error = ""; draw();
      try {
        const res = await fetch("/attention-health/handoff?sessionId=" + encodeURIComponent(sessionId) + "&profile=" + profile +
          "&lang=" + encodeURIComponent(state.lang));
        if (!res.ok) throw new Error(res.status + " " + (await res.text()));
        const text = await res.text();
        let done = false;
        if (navigator.clipboard && navigator.clipboard.writeText) {
          try { await navigator.clipboard.writeText(text); done = true; } catch (e) { done = false; }
        }
        if (!done) {
          const area = el("textarea", { class: "offscreen", readonly: true, "aria-hidden": "true" });
          area.value = text;
          document.body.appendChild(area);
          area.select();
          try { done = document.execCommand("copy"); } finally { area.remove(); }
          if (!done) throw new Error(t("bar.copyRefused"));
        }
        bar.notice = t(profile === "full" ? "bar.copiedFull" : "bar.copied", text.length);
      } catch (e) {
        bar.error = t("bar.failed", e && e.message ? e.message : String(e));
      } finally {
        bar.busy = false; draw();
      }
    }
    function copyButton(profile, id) {
      return el("button", { type: "button", id: id, class: "bar-copy", disabled: bar.busy,
        text: bar.busy ? t("bar.busy") : t(profile === "full" ? "bar.copyFull" : "bar.copy"), onclick: function () { copy(profile); } });
    }
    function messages() {
      return [bar.notice ? el("span", { class: "bar-notice", role: "status", text: bar.notice }) : null,
        bar.error ? el("span", { class: "bar-error", role: "alert", text: bar.error }) : null];
    }
    function toggle() { bar.open = !bar.open; draw(); }
    function costRow(h) {
      if (h.compactAdvice !== "handoff" || !num(h.costContinuePerRound)) return null;
      if (h.costPriceKnown === false) return h.costPriceLabel;
      const tier = h.costPriceTier === "peak" ? t("bar.cost.peak") : h.costPriceTier === "offPeak" ? t("bar.cost.offPeak") : "";
      const parts = [t("bar.cost.continue", h.costContinuePerRound.toFixed(3)) + tier];
      if (num(h.costFreshPerRound)) parts.push(t("bar.cost.fresh", h.costFreshPerRound.toFixed(3)));
      if (num(h.costFreshBreakEvenRounds)) {
        const be = h.costFreshBreakEvenRounds;
        let s = t("bar.cost.breakEven", be <= 0 ? t("bar.cost.be.now") : be < 0.1 ? t("bar.cost.be.first") : t("bar.cost.be.rounds", be.toFixed(1)));
        if (num(h.costFreshWinMarginRounds) && h.costFreshWinMarginRounds >= 0) s += t("bar.cost.margin", h.costFreshWinMarginRounds.toFixed(1));
        parts.push(s);
      }
      let row = parts.join(" · ");
      if (num(h.costSavingYuan) && h.costSavingYuan > 0) {
        row += " · " + t("bar.cost.saving", h.costSavingYuan.toFixed(3));
        if (h.costSavingEnough === false) row += t("bar.cost.small");
      }
      return row;
    }
    function rows(h) {
      const missing = !num(h.contextWindow) || !(h.usedTokens > 0);
      const out = [["advice", t("bar.row.advice"), h.compactAdviceText || (missing ? t("bar.unknown") : "")]];
      const scale = [];
      if (h.usedTokens > 0) scale.push(t("bar.scale.used", fmtNumber(h.usedTokens)));
      if (num(h.windowPercent)) scale.push(t("bar.scale.window", h.windowPercent.toFixed(1)));
      if (num(h.effectivePercent)) scale.push(t("bar.scale.effective", h.effectivePercent.toFixed(1), h.effectiveWindowRatio));
      if (h.repeatWorst >= 3) scale.push(t("bar.sig.repeat", h.repeatWorst));
      if (h.degradedReplies > 0) scale.push(t("bar.sig.degraded", h.degradedReplies) +
        ((h.replyReasons || []).length ? t("bar.reasons", h.replyReasons.map(function (r) { return r.label; }).join(", ")) : ""));
      if (h.reasoningLoop > 0) scale.push(t("bar.sig.loop", h.reasoningLoop));
      if (h.reasoningFlags > 0) scale.push(t("bar.sig.long", h.reasoningFlags));
      out.push(["scale", t("bar.row.scale"), (scale.length ? scale.join(" · ") : t("bar.unknown")) + " · " + t("bar.scale.score", h.score)]);
      const note = (h.compactAdviceNote || "").replace(/\*\*|\*|`/g, "");
      if (note) out.push(["basis", t("bar.row.basis"), note]);
      const cost = costRow(h);
      if (cost) out.push(["cost", t("bar.row.cost"), cost]);
      return out.slice(0, 4);
    }
    function draw() {
      const h = bar.health;
      if (!h) { node.replaceChildren(); return; }
      const notify = typeof h.shouldNotify === "boolean" ? h.shouldNotify : h.level !== "ok";
      if (!notify && !bar.open) {
        node.className = "health-bar silent";
        node.replaceChildren(el("div", { class: "bar-head bar-silent", id: "health-bar-head" }, [
          el("button", { type: "button", class: "bar-link bar-ok", text: t("bar.silent"), onclick: toggle }),
          copyButton("slim", "health-bar-copy"),
          el("button", { type: "button", class: "bar-link", id: "health-bar-details", "aria-expanded": "false", text: t("bar.details"), onclick: toggle })]
          .concat(messages())));
        return;
      }
      const sig = signals(h);
      const hasSignal = sig.length > 0;
      const showAdvice = hasSignal || h.compactAdvice !== "continue";
      const levelColor = LEVEL_STYLE[h.level] || LEVEL_STYLE.watch;
      const style = ADVICE_STYLE[h.compactAdvice];
      const color = style ? style[0] : levelColor;
      const adviceLabel = h.compactAdviceText || t("bar.level." + (LEVEL_STYLE[h.level] ? h.level : "watch"));
      const size = t("bar.size." + (["ok", "watch", "warn", "critical"].includes(h.level) ? h.level : "watch"));
      const label = hasSignal ? t("bar.head.context", size) + " + " + sig.slice(0, 2).join(" + ") + " · " + adviceLabel
        : showAdvice ? adviceLabel : t("bar.head.scale", size);
      const head = el("button", { type: "button", class: "bar-head", id: "health-bar-head", "aria-expanded": bar.open ? "true" : "false",
        title: t("bar.level." + (LEVEL_STYLE[h.level] ? h.level : "watch")) + " · " + t("bar.hint"), onclick: toggle }, [
        el("span", { class: "bar-glyph", style: { color: hasSignal ? "#f97316" : color }, text: hasSignal ? "⚠" : (style ? style[1] : "●") }),
        el("span", { class: "bar-label", style: { color: color, fontWeight: String(style ? style[2] : 500) }, text: label }),
        h.summaryCount > 0 ? el("span", { class: "bar-faint", text: t("bar.lossy", h.summaryCount) }) : null,
        el("span", { class: "bar-toggle", text: bar.open ? "▲" : "▼" })]);
      const parts = [head];
      if (bar.open) {
        parts.push(el("div", { class: "bar-rows", id: "health-bar-rows" }, rows(h).map(function (r) {
          return el("div", { class: "bar-row", "data-row": r[0] }, [el("span", { class: "bar-key", text: r[1] }), el("span", { class: "bar-value", text: r[2] })]);
        })));
        parts.push(el("div", { class: "bar-actions" }, [copyButton("slim", "health-bar-copy"), copyButton("full", "health-bar-copy-full"),
          el("span", { class: "bar-info", tabindex: "0", title: (h.findings || []).join("\n"), text: t("bar.info") })].concat(messages())));
      }
      node.className = "health-bar" + (bar.open ? " open" : "");
      node.replaceChildren.apply(node, parts);
    }
    // One request at a time; events arriving meanwhile ask for one more after it.
    async function refresh() {
      if (bar.loading) { bar.again = true; return; }
      bar.loading = true;
      try {
        const v = await rpc("session.health", { sessionId: sessionId, lang: state.lang });
        bar.health = v.projection;
        draw();
      } catch (e) {
        if (bar.health) { bar.error = t("bar.failed", e.message); draw(); }
      } finally {
        bar.loading = false;
        if (bar.again) { bar.again = false; refresh(); }
      }
    }
    return { node: node, refresh: refresh };
  }

  // ---- chat: prompting and the live stream ----------------------------------------------------

  function closeStream() {
    if (state.stream) { state.stream.close(); state.stream = null; }
  }

  async function showChat(sessionId) {
    const model = await rpc("console.model", {});
    const parts = [el("h2", { text: t("chat.title") })];
    if (!model.configured) {
      main.replaceChildren.apply(main, parts.concat([el("p", { id: "chat-no-model", class: "notice", text: t("chat.noModel") })]));
      return;
    }
    const chat = { id: sessionId || null, running: false, stepText: null, stepReasoning: null };
    const dock = el("div", { id: "chat-dock", class: "chat-dock" });
    function dockBar() {
      chat.bar = chat.id ? healthBar(chat.id) : null;
      dock.replaceChildren.apply(dock, chat.bar ? [chat.bar.node] : []);
      if (chat.bar) chat.bar.refresh();
    }
    const sessionLine = el("p", { id: "chat-session", class: "muted" });
    const log = el("ol", { id: "chat-log", class: "transcript chat-log", "aria-live": "polite" });
    const status = el("p", { id: "chat-status", role: "status", class: "muted", text: t("chat.status.idle") });
    const input = el("textarea", { id: "chat-input", rows: "3", "aria-describedby": "chat-hint" });
    const send = el("button", { type: "submit", id: "chat-send", text: t("chat.send") });
    const cancel = el("button", { type: "button", id: "chat-cancel", text: t("chat.cancel"), disabled: true });
    const steer = el("input", { type: "text", id: "chat-steer", disabled: true });
    const steerSend = el("button", { type: "button", id: "chat-steer-send", text: t("chat.steerSend"), disabled: true });
    const fresh = el("button", { type: "button", id: "chat-new", class: "secondary", text: t("chat.new") });

    function setRunning(r) {
      chat.running = r;
      cancel.disabled = !r; steer.disabled = !r; steerSend.disabled = !r;
      status.textContent = r ? t("chat.status.running") : t("chat.status.idle");
    }
    function showSessionLine() {
      sessionLine.replaceChildren(chat.id ? t("chat.session", chat.id) : t("chat.sessionNew"));
      if (chat.id) sessionLine.append(" · ", el("a", { href: "#/session/" + encodeURIComponent(chat.id), id: "chat-open", text: t("chat.open") }));
    }
    function line(cls, role, nodes) {
      const li = el("li", { class: "msg " + cls }, [el("div", { class: "role", text: role }), el("div", { class: "body" }, nodes)]);
      log.appendChild(li);
      return li;
    }
    function textOf(content) {
      return (content || []).filter(function (b) { return b.type === "text"; }).map(function (b) { return b.text; }).join("");
    }
    function delta(kind, text) {
      if (kind === "reasoning") {
        if (!chat.stepReasoning) {
          const pre = el("pre", { class: "live-reasoning" });
          line("msg-reasoning", t("chat.reasoning"), [el("details", { class: "reasoning" }, [el("summary", { text: t("chat.reasoning") }), pre])]);
          chat.stepReasoning = pre;
        }
        chat.stepReasoning.textContent += text;
      } else {
        if (!chat.stepText) {
          const div = el("div", { class: "live-text" });
          line("msg-assistant", t("role.assistant"), [div]);
          chat.stepText = div;
        }
        chat.stepText.textContent += text;
      }
    }
    function onEvent(frame) {
      const e = frame.event, d = e.data || {};
      if (chat.bar && e.type !== "assistant/chunk" && e.type !== "text-chunks" && e.type !== "reasoning-chunks") chat.bar.refresh();
      switch (e.type) {
        case "turn/start": setRunning(true); break;
        case "user/message": line("msg-user", t("chat.you"), [el("div", { text: textOf(d.content) })]); break;
        case "assistant/chunk": {
          const c = d.chunk || {};
          if (c.type === "text-delta") delta("text", c.text || "");
          else if (c.type === "reasoning-delta") delta("reasoning", c.text || "");
          break;
        }
        case "text-chunks": (d.texts || []).forEach(function (x) { delta("text", x); }); break;
        case "reasoning-chunks": (d.texts || []).forEach(function (x) { delta("reasoning", x); }); break;
        case "assistant/message": {
          const text = textOf(d.message && d.message.content);
          if (chat.stepText) chat.stepText.replaceChildren(Markdown.render(text));
          else if (text) line("msg-assistant", t("role.assistant"), [Markdown.render(text)]);
          if (chat.stepText) chat.stepText.closest("li").classList.add("done");
          chat.stepText = null; chat.stepReasoning = null;
          break;
        }
        case "tool/call": {
          let args = d.arguments;
          try { args = JSON.stringify(JSON.parse(args), null, 2); } catch (x) { /* as recorded */ }
          line("msg-tool", t("role.tool"), [el("details", { class: "tool-call" }, [el("summary", { text: t("block.toolCall", d.name) }), el("pre", { text: args })])]);
          break;
        }
        case "tool/result": {
          const r = (d.message && d.message.content && d.message.content[0]) || {};
          const text = textOf(r.content);
          line("msg-tool" + (r.isError ? " is-error" : ""), t("role.tool"), [el("details", { class: "tool-result" + (r.isError ? " is-error" : "") }, [
            el("summary", { text: (r.isError ? "✗ " : "✓ ") + t("role.tool") }), el("pre", { text: text })])]);
          break;
        }
        case "turn/end": {
          const kind = d.reason && d.reason.kind ? d.reason.kind : JSON.stringify(d.reason);
          line("msg-end", "", [el("p", { class: "turn-end", text: t("chat.turnEnd", kind) })]);
          setRunning(false);
          break;
        }
        default: break;
      }
    }
    function connect(since) {
      closeStream();
      if (!chat.id) return;
      const url = "/api/events?sessionId=" + encodeURIComponent(chat.id) + (since !== null ? "&since=" + since : "");
      const source = new EventSource(url);
      state.stream = source;
      source.addEventListener("session/event", function (m) { onEvent(JSON.parse(m.data)); });
      source.addEventListener("lagged", function (m) { status.textContent = t("chat.lagged", JSON.parse(m.data).lastSeq); });
      source.onerror = function () { if (source.readyState !== EventSource.CLOSED) status.textContent = t("chat.reconnecting"); };
    }
    async function submit(ev) {
      ev.preventDefault();
      const text = input.value;
      if (!text.trim()) return;
      send.disabled = true;
      try {
        const first = !chat.id;
        const v = await rpc("session.prompt", chat.id ? { sessionId: chat.id, text: text } : { text: text });
        input.value = "";
        if (first) {
          chat.id = v.sessionId;
          showSessionLine();
          dockBar();
          history.replaceState(null, "", "#/chat/" + encodeURIComponent(chat.id));
          connect(-1);
        }
      } catch (e) {
        status.textContent = t("error.load", e.message);
      } finally {
        send.disabled = false;
        input.focus();
      }
    }
    input.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) { ev.preventDefault(); form.requestSubmit(); }
    });
    cancel.addEventListener("click", function () {
      rpc("session.cancel", { sessionId: chat.id }).catch(function (e) { status.textContent = t("error.load", e.message); });
    });
    function doSteer() {
      if (!steer.value.trim()) return;
      rpc("session.steer", { sessionId: chat.id, text: steer.value }).then(function () { steer.value = ""; })
        .catch(function (e) { status.textContent = t("error.load", e.message); });
    }
    steerSend.addEventListener("click", doSteer);
    steer.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { ev.preventDefault(); doSteer(); } });
    fresh.addEventListener("click", function () {
      closeStream(); chat.id = null; log.replaceChildren(); setRunning(false); showSessionLine(); dockBar();
      history.replaceState(null, "", "#/chat"); input.focus();
    });
    const form = el("form", { id: "chat-form", class: "chat-form" }, [
      el("label", { for: "chat-input", text: t("chat.prompt") }), input,
      el("p", { id: "chat-hint", class: "muted", text: t("chat.hint") }),
      el("div", { class: "toolbar" }, [send, cancel, fresh])]);
    form.addEventListener("submit", submit);
    const steerRow = el("div", { class: "toolbar" }, [el("label", { for: "chat-steer", text: t("chat.steer") }), steer, steerSend]);
    main.replaceChildren.apply(main, parts.concat([
      el("p", { id: "chat-model", class: "muted", text: t("chat.model", model.route, model.model) + " · " + t(model.yes ? "chat.approvalsYes" : "chat.approvals") }),
      sessionLine, log, status, dock, form, steerRow]));
    showSessionLine();
    dockBar();
    if (chat.id) {
      const live = await rpc("session.live", { sessionId: chat.id });
      setRunning(live.live && live.status === "running");
      connect(null);
    }
    input.focus();
  }

  // ---- routing -------------------------------------------------------------------------------

  function route() {
    state.nav++;
    closeStream();
    const hash = location.hash.replace(/^#/, "") || "/";
    const chatRoute = /^\/chat(?:\/([^/]+))?$/.exec(hash);
    const m = /^\/session\/([^/]+)(?:\/(\w+))?$/.exec(hash);
    document.querySelectorAll("nav a").forEach(function (a) { a.removeAttribute("aria-current"); });
    if (m) {
      const tab = TABS.includes(m[2]) ? m[2] : "transcript";
      showSession(decodeURIComponent(m[1]), tab);
    } else if (chatRoute) {
      document.getElementById("nav-chat").setAttribute("aria-current", "page");
      showChat(chatRoute[1] ? decodeURIComponent(chatRoute[1]) : null).catch(function (e) { fail(main, e); });
    } else if (hash === "/merge") {
      document.getElementById("nav-merge").setAttribute("aria-current", "page");
      showMerge();
    } else {
      document.getElementById("nav-sessions").setAttribute("aria-current", "page");
      showList();
    }
  }

  document.getElementById("lang").addEventListener("change", function (e) {
    localStorage.setItem("dsh4j.lang", e.target.value);
    loadTexts(e.target.value).then(function (ok) { if (ok) route(); }).catch(function (err) { fail(main, err); });
  });
  window.addEventListener("hashchange", route);
  const initial = localStorage.getItem("dsh4j.lang") || (navigator.language && navigator.language.toLowerCase().startsWith("zh") ? "zh-CN" : "en");
  loadTexts(initial).then(function (ok) { if (ok) route(); }).catch(function (e) { fail(main, e); });
})();
