// fivetenk book: a scenario linked to (#R05-003) inside a folded list opens it; with
// reports, the rule page's status filter shows only the scenarios some report gave that
// status, opening every folded list, and says how many are shown.
(function () {
  "use strict";
  function reveal() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") { node.open = true; }
    }
    if (target) { target.scrollIntoView(); }
  }
  window.addEventListener("hashchange", reveal);
  if (location.hash) { reveal(); }
  var filter = document.getElementById("status-filter");
  var shown = document.getElementById("filter-count");
  function apply() {
    var want = filter.value;
    var items = document.querySelectorAll("[data-statuses]");
    var n = 0;
    for (var i = 0; i < items.length; i++) {
      var has = (" " + items[i].getAttribute("data-statuses") + " ").indexOf(" " + want + " ") !== -1;
      var show = !want || has;
      items[i].hidden = !show;
      if (show && items[i].tagName === "ARTICLE") { n++; }
    }
    var folds = document.querySelectorAll("details.more, details.also");
    for (var j = 0; j < folds.length; j++) {
      if (want) { folds[j].open = true; }
    }
    if (shown) { shown.textContent = want ? n + " " + shown.getAttribute("data-shown") : ""; }
  }
  if (filter) {
    filter.addEventListener("change", apply);
    apply();
  }
})();
// The matrix's "failing rows only": hides every row no cell of which failed.
(function () {
  "use strict";
  var box = document.getElementById("failing-only");
  var shown = document.getElementById("matrix-count");
  if (!box) { return; }
  function apply() {
    var rows = document.querySelectorAll("#matrix tbody tr");
    var n = 0;
    for (var i = 0; i < rows.length; i++) {
      var keep = !box.checked || rows[i].getAttribute("data-bad") === "1";
      rows[i].hidden = !keep;
      if (keep && rows[i].className === "clause-row") { n++; }
    }
    if (shown) { shown.textContent = box.checked ? n + " " + shown.getAttribute("data-shown") : ""; }
  }
  box.addEventListener("change", apply);
  apply();
})();
