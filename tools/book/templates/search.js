// fivetenk book search, on every page: client-side, over window.FIVETENK_SEARCH
// ([kind, id, title, text, href, also] for every rule, clause, ruling and scenario; text
// is a rule's or a ruling's full text; also is the same in the other language, searched but
// never shown: a page shows only its own language, issue 33). Every word typed must occur in
// the id, title, text or also (accents and case ignored), or one of its synonyms (issue 33). The first LIMIT results are listed and the status says how
// many more there are, with a button that lists them all: a result is never cut silently.
(function () {
  "use strict";
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var index = window.FIVETENK_SEARCH || [];
  var root = input ? input.getAttribute("data-root") || "" : "";
  var LIMIT = 40;
  var everything = false;
  function fold(text) {
    return String(text).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  var hay = index.map(function (e) {
    return fold(e[1] + " " + e[2] + " " + e[3] + " " + (e[5] || ""));
  });
  // synonyms (window.FIVETENK_SYNONYMS, search-synonyms.js): a word typed whole that is
  // one of a group matches any word of the group (comodin finds joker, bote the kitty)
  var groups = (window.FIVETENK_SYNONYMS || []).map(function (g) { return g.map(fold); });
  function alternatives(word) {
    var out = [word];
    groups.forEach(function (g) {
      if (g.indexOf(word) !== -1) {
        g.forEach(function (other) { if (out.indexOf(other) === -1) { out.push(other); } });
      }
    });
    return out;
  }
  function snippet(text, word) {
    if (!text || !word) { return ""; }
    var at = fold(text).indexOf(word);
    if (at === -1) { return ""; }
    var start = Math.max(0, at - 50);
    return (start ? "…" : "") + text.slice(start, at + word.length + 70) +
      (at + word.length + 70 < text.length ? "…" : "");
  }
  function show() {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    while (list.firstChild) { list.removeChild(list.firstChild); }
    status.textContent = "";
    if (!words.length) { return; }
    var found = [];
    var asked = words.map(alternatives);
    for (var i = 0; i < index.length; i++) {
      var ok = asked.every(function (alts) {
        return alts.some(function (w) { return hay[i].indexOf(w) !== -1; });
      });
      if (ok) { found.push(i); }
    }
    var shown = everything ? found.length : Math.min(found.length, LIMIT);
    for (var k = 0; k < shown; k++) {
      var e = index[found[k]];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + e[4];
      var sid = document.createElement("span");
      sid.className = "sid";
      sid.textContent = e[1];
      var title = document.createElement("span");
      title.textContent = e[2];
      a.appendChild(sid);
      a.appendChild(document.createTextNode(" — "));
      a.appendChild(title);
      li.className = "result-" + e[0];
      li.appendChild(a);
      var own = fold(e[1] + " " + e[2]);
      var rest = asked.filter(function (alts) {
        return alts.every(function (w) { return own.indexOf(w) === -1; });
      });
      var hit = rest.length ? rest[0].filter(function (w) { return fold(e[3]).indexOf(w) !== -1; })[0] : "";
      var part = hit ? snippet(e[3], hit) : "";
      if (part) {
        var small = document.createElement("span");
        small.className = "snippet";
        small.textContent = " " + part;
        li.appendChild(small);
      }
      list.appendChild(li);
    }
    if (!found.length) {
      status.textContent = status.getAttribute("data-none");
    } else if (found.length > shown) {
      status.textContent = status.getAttribute("data-more")
        .replace("{shown}", shown).replace("{more}", found.length - shown)
        .replace("{total}", found.length) + " ";
      var button = document.createElement("button");
      button.type = "button";
      button.id = "search-all";
      button.textContent = status.getAttribute("data-all");
      button.addEventListener("click", function () { everything = true; show(); });
      status.appendChild(button);
    }
  }
  if (input && list && status) {
    input.addEventListener("input", function () { everything = false; show(); });
    show();
  }
})();
