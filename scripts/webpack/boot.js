// The SPA's loader (scripts/webpack/paintFirstPlugin.cjs puts it in index.html as the only script).
// The page's bundles are preloaded by <link rel="preload" as="script" data-talka-entry> (they
// download at once, beside the HTML), but run only after the browser has painted the page once: the
// server-rendered page (src/server/render/) shows before 100-400 ms of script evaluation on a
// phone instead of after it. A frame, then a task (after that frame's paint); a tab opened in the
// background paints no frames and has nothing to show first, so it starts at once. The scripts keep
// their order (async = false).
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    if (window.performance && performance.mark) performance.mark('talka-bundles-start');
    var links = document.querySelectorAll('link[data-talka-entry]');
    for (var i = 0; i < links.length; i += 1) {
      var script = document.createElement('script');
      script.src = links[i].href;
      script.async = false;
      document.head.appendChild(script);
    }
  }
  if (document.visibilityState === 'hidden') {
    start();
  } else {
    requestAnimationFrame(function () {
      if (window.performance && performance.mark) performance.mark('talka-first-frame');
      setTimeout(start, 0);
    });
  }
})();
