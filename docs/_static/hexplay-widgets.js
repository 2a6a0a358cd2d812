// The notebooks' widgets drawn from this site alone, no CDN (docs/_ext/hexplay_docs.py):
// require.js finds the widget packages in _static/vendor, and each board's front end, left in
// the saved widget state as a placeholder, is put back from the site's one copy of it
// (_static/vendor/hexplay-board.js, window.HEXPLAY_STATIC) before the widget manager reads it.
(function () {
  "use strict";
  var root = document.documentElement.dataset.content_root || "";
  var vendor = root + "_static/vendor/";
  window.requirejs.config({
    paths: {
      anywidget: vendor + "anywidget/index",
      bqplot: vendor + "bqplot/index",
      bqscales: vendor + "bqscales/index",
      // where the manager's styles find their icon fonts (module-relative addresses)
      "@jupyter-widgets/html-manager/dist": vendor + "html-manager",
      "@jupyter-widgets": vendor + "html-manager",
    },
  });
  var PLACEHOLDER = "hexplay-static:";
  function fill() {
    var files = window.HEXPLAY_STATIC || {};
    var scripts = document.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-state+json"]'
    );
    Array.prototype.forEach.call(scripts, function (el) {
      if (el.textContent.indexOf(PLACEHOLDER) < 0) return;
      var d = JSON.parse(el.textContent);
      Object.keys(d.state || {}).forEach(function (id) {
        var s = d.state[id].state || {};
        ["_esm", "_css"].forEach(function (key) {
          var v = s[key];
          if (typeof v === "string" && v.indexOf(PLACEHOLDER) === 0) {
            var name = v.slice(PLACEHOLDER.length);
            if (files[name] !== undefined) s[key] = files[name];
          }
        });
      });
      el.textContent = JSON.stringify(d);
    });
  }
  // before the widget manager (embed-amd.js, loaded after this file) draws on the same event
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fill);
  else fill();
})();
