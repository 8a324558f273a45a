// A small Markdown renderer that builds DOM nodes and never parses HTML: every piece of text from a
// log becomes a text node, so a log cannot inject markup or script. Supports fenced code, headings,
// lists, block quotes, rules, paragraphs, and inline code, bold, italics and http(s)/mailto links.
"use strict";
(function () {
  function el(tag, text) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  const SAFE_URL = /^(https?:|mailto:)/i;

  // Inline spans: `code`, **bold**, *em* / _em_, [text](url). Unmatched markers stay as text.
  function inline(text, parent) {
    const re = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([^*\n]+)\*\*|\*([^*\n]+)\*|(^|[^\w])_([^_\n]+)_(?!\w)|\[([^\]\n]+)\]\(([^)\s]+)\)/g;
    let last = 0;
    let m;
    while ((m = re.exec(text)) !== null) {
      let start = m.index;
      if (m[6] !== undefined) start += m[5].length;
      if (start > last) parent.appendChild(document.createTextNode(text.slice(last, start)));
      if (m[2] !== undefined) parent.appendChild(el("code", m[2]));
      else if (m[3] !== undefined) { const b = el("strong"); inline(m[3], b); parent.appendChild(b); }
      else if (m[4] !== undefined) { const i = el("em"); inline(m[4], i); parent.appendChild(i); }
      else if (m[6] !== undefined) { const i = el("em"); inline(m[6], i); parent.appendChild(i); }
      else if (m[7] !== undefined) {
        if (SAFE_URL.test(m[8])) {
          const a = el("a");
          a.href = m[8];
          a.rel = "noopener noreferrer";
          a.target = "_blank";
          inline(m[7], a);
          parent.appendChild(a);
        } else {
          parent.appendChild(document.createTextNode(m[0]));
        }
      }
      last = re.lastIndex;
    }
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
  }

  function render(source) {
    const root = el("div");
    root.className = "md";
    const lines = String(source).replace(/\r\n?/g, "\n").split("\n");
    let i = 0;
    let para = [];
    function flush() {
      if (para.length) {
        const p = el("p");
        para.forEach(function (line, k) {
          if (k > 0) p.appendChild(el("br"));
          inline(line, p);
        });
        root.appendChild(p);
        para = [];
      }
    }
    while (i < lines.length) {
      const line = lines[i];
      const fence = /^\s*(```+|~~~+)\s*([\w+.-]*)\s*$/.exec(line);
      if (fence) {
        flush();
        const close = fence[1];
        const body = [];
        i++;
        while (i < lines.length && lines[i].trim() !== close) { body.push(lines[i]); i++; }
        i++;
        const pre = el("pre");
        const code = el("code", body.join("\n"));
        if (fence[2]) code.dataset.lang = fence[2];
        pre.appendChild(code);
        root.appendChild(pre);
        continue;
      }
      const heading = /^(#{1,6})\s+(.*)$/.exec(line);
      if (heading) {
        flush();
        const h = el("h" + Math.min(6, heading[1].length + 2));
        inline(heading[2], h);
        root.appendChild(h);
        i++;
        continue;
      }
      if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) { flush(); root.appendChild(el("hr")); i++; continue; }
      if (/^\s*>/.test(line)) {
        flush();
        const quote = [];
        while (i < lines.length && /^\s*>/.test(lines[i])) { quote.push(lines[i].replace(/^\s*>\s?/, "")); i++; }
        const bq = el("blockquote");
        bq.appendChild(render(quote.join("\n")));
        root.appendChild(bq);
        continue;
      }
      const item = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(line);
      if (item) {
        flush();
        const ordered = /\d/.test(item[1]);
        const list = el(ordered ? "ol" : "ul");
        while (i < lines.length) {
          const m = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(lines[i]);
          if (!m || /\d/.test(m[1]) !== ordered) break;
          const li = el("li");
          inline(m[2], li);
          list.appendChild(li);
          i++;
        }
        root.appendChild(list);
        continue;
      }
      if (line.trim() === "") { flush(); i++; continue; }
      para.push(line);
      i++;
    }
    flush();
    return root;
  }

  globalThis.Markdown = { render: render };
})();
