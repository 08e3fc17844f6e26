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
//
// It also warms up the browser's ICU data in a worker of its own, right after the loader: the
// first Intl number or date format of a page sets up the process's locale data (40-100 ms in the
// bench's Chromium, one long task of the boot that cannot be split). That data is shared by the
// whole renderer, so when React's formatting runs in hydration it finds it ready. In a task of its
// own, not in the parser's. The worker's script is a data: URL: no download, an opaque origin of
// its own (it can reach nothing of the page's), and no blob to register with the browser process
// first, which kept the main thread 10-45 ms (median 20) where the data: URL takes 4-18 (median 10;
// CDP traces of 12 loads each). The worker ends when done; where workers or data: URLs are
// unavailable (or refused) the page does the work itself, as before.
setTimeout(function () {
  try {
    var source =
      'var l=' +
      JSON.stringify(document.documentElement.lang || 'en') +
      ';try{new Intl.NumberFormat(l).format(1);new Intl.DateTimeFormat(l).format(0);' +
      'new Intl.PluralRules(l).select(1);new Intl.RelativeTimeFormat(l).format(1,"day")}' +
      'catch(e){}postMessage(0)';
    var worker = new Worker('data:text/javascript,' + encodeURIComponent(source), {
      name: 'talka-intl-warmup',
    });
    worker.onmessage = worker.onerror = function () {
      worker.terminate();
    };
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a binding: old browsers parse the loader too
  } catch (e) {
    // The page formats without the head start.
  }
}, 0);
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
