// fivetenk book search: client-side, over window.FIVETENK_SEARCH ([kind, id, text, href]).
(function () {
  "use strict";
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var index = window.FIVETENK_SEARCH || [];
  var LIMIT = 40;
  function fold(text) {
    return String(text).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  var hay = index.map(function (e) { return fold(e[1] + " " + e[2]); });
  function show() {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    while (list.firstChild) { list.removeChild(list.firstChild); }
    if (!words.length) { if (status) { status.textContent = ""; } return; }
    var found = 0;
    for (var i = 0; i < index.length && found < LIMIT; i++) {
      var ok = words.every(function (w) { return hay[i].indexOf(w) !== -1; });
      if (!ok) { continue; }
      var e = index[i];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = e[3];
      a.textContent = e[1] + " — " + e[2];
      li.className = "result-" + e[0];
      li.appendChild(a);
      list.appendChild(li);
      found++;
    }
    if (status) {
      status.textContent = found ? "" :
        (document.documentElement.lang === "es" ? "Sin resultados." : "No results.");
    }
  }
  if (input && list) {
    input.addEventListener("input", show);
    show();
  }
})();
