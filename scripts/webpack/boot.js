// The SPA's loader, inline in index.html's head (scripts/webpack/paintFirstPlugin.cjs). The page's
// bundles are preloaded by <link rel="preload" as="script" data-talka-entry> (they download at
// once, beside the HTML), but run only once the server-rendered page is on the screen: it shows
// before 100-400 ms of script evaluation on a phone instead of after it. "On the screen" is the
// first contentful paint's entry, which the browser reports once that frame is presented (on a busy
// phone a frame reaches the screen up to 100 ms after its rendering step, and a bundle run in
// between delays it). The bundles never run before the document is parsed (they hydrate it). A
// browser without paint timing starts after its first frame; a tab opened in the background paints
// no frames and has nothing to show first, so it starts at once; a page whose first second after
// parsing paints nothing contentful starts then. The scripts keep their order (async = false).
(function () {
  var perf = window.performance;
  var wanted = false;
  var started = false;
  function mark(name) {
    if (perf && perf.mark) perf.mark(name);
  }
  function parsed() {
    return document.readyState !== 'loading';
  }
  function run() {
    if (started || !wanted || !parsed()) return;
    started = true;
    mark('talka-bundles-start');
    var links = document.querySelectorAll('link[data-talka-entry]');
    for (var i = 0; i < links.length; i += 1) {
      var script = document.createElement('script');
      script.src = links[i].href;
      script.async = false;
      document.head.appendChild(script);
    }
  }
  function start() {
    wanted = true;
    run();
  }
  function painted() {
    return (
      !!perf &&
      !!perf.getEntriesByName &&
      perf.getEntriesByName('first-contentful-paint').length > 0
    );
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  var paintTiming = !!types && types.indexOf('paint') !== -1;
  document.addEventListener('DOMContentLoaded', function () {
    run();
    setTimeout(start, 1000);
  });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
  if (document.visibilityState === 'hidden' || painted()) {
    start();
    return;
  }
  if (paintTiming) {
    var observer = new PerformanceObserver(function () {
      if (!painted()) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  requestAnimationFrame(function () {
    mark('talka-first-frame');
    if (!paintTiming) setTimeout(start, 0);
  });
})();
