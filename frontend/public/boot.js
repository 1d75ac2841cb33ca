// Folio starts its app once the server's page has painted: the page (article, cover) paints
// first with the whole connection, then React's modules load. The built index.html names the
// entry and the modules it needs at once in this script's data attributes (vite.config.ts).
//
// Until React has replaced the server's page, its controls ([data-control]) are the server's:
// - the theme toggle works at once (the scheme and its saved key, as pages/theme.go reads it);
// - a click on the other controls (burger, sidebar toggles) is kept in folioBoot.clicks and
//   replayed on React's control once it has rendered (src/lib/boot-handoff.ts);
// - the search box takes typing; folioBoot.search carries its value and focus over.
// The first interaction starts the app at once.
(function () {
  var me = document.currentScript;
  var root = document.getElementById('root');
  var page = root ? [].slice.call(root.children) : []; // the server's page, until React replaces it
  var boot = (window.folioBoot = { clicks: [], search: undefined });
  var started = false;

  function start() {
    if (started) return;
    started = true;
    // The web app manifest comes with the app, not in the page's head: a browser may fetch the
    // manifest and its icons as soon as it sees the link (Chromium under Lighthouse did, around
    // load), and on a slow connection those ~20 kB compete with the cover before its paint.
    // One insertion into the head for all of them: each insertion costs the browser a pass
    // over the document's style rules (a few milliseconds apiece on a phone).
    var tags = document.createDocumentFragment();
    if (!document.querySelector('link[rel="manifest"]')) {
      var manifest = document.createElement('link');
      manifest.rel = 'manifest';
      manifest.href = '/manifest.webmanifest';
      tags.appendChild(manifest);
    }
    (me.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      tags.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.src = me.getAttribute('data-entry');
    tags.appendChild(entry);
    document.head.appendChild(tags);
  }

  function server(el) {
    return page.some(function (node) {
      return node.contains(el);
    });
  }
  function control(e, name) {
    var el = e.target && e.target.closest && e.target.closest('[data-control]');
    return el && (!name || el.getAttribute('data-control') === name) ? el : null;
  }
  function on(type, fn) {
    document.addEventListener(type, fn, { capture: true, passive: type !== 'click' });
  }

  // The first interaction starts the app at once.
  ['pointerdown', 'touchstart', 'keydown', 'focusin'].forEach(function (type) {
    on(type, function (e) {
      var box = control(e, 'search');
      if (box && server(box)) box.readOnly = false; // before focus: phones show a keyboard
      start();
    });
  });

  // The server page's theme toggle says what it does in the reader's scheme (CSS shows its icon).
  function themeTitle() {
    var toggle = document.querySelector('[data-control="theme"]');
    var light = document.documentElement.getAttribute('data-mantine-color-scheme') === 'light';
    if (toggle && server(toggle)) toggle.title = 'Switch to ' + (light ? 'dark' : 'light') + ' theme';
  }
  themeTitle();

  on('click', function (e) {
    var el = control(e);
    if (!el || !server(el)) return;
    var name = el.getAttribute('data-control');
    if (name === 'search') return;
    e.preventDefault();
    if (name !== 'theme') {
      boot.clicks.push(name);
      return;
    }
    var html = document.documentElement;
    var next = html.getAttribute('data-mantine-color-scheme') === 'light' ? 'dark' : 'light';
    html.setAttribute('data-mantine-color-scheme', next);
    boot.theme = next;
    themeTitle();
    try {
      localStorage.setItem('folio-color-scheme', next);
    } catch (err) {
      // private mode: the scheme holds for this page
    }
  });

  // The search box: what is typed before the app's own box takes over (search: undefined, not
  // yet used; an object, carried over; null, taken by the app).
  on('focusin', function (e) {
    var box = control(e, 'search');
    if (!box) return;
    if (boot.search === undefined) boot.search = { value: box.value };
    if (boot.search) boot.search.focused = true;
  });
  on('input', function (e) {
    var box = control(e, 'search');
    if (box && boot.search) boot.search.value = box.value;
  });
  on('focusout', function (e) {
    var box = control(e, 'search');
    var s = boot.search;
    // A box removed while focused (React replacing the page) also loses focus: only a box still
    // in the page after this event has really been left.
    if (box && s)
      setTimeout(function () {
        if (box.isConnected && s === boot.search) s.focused = document.activeElement === box;
      }, 0);
  });

  // Otherwise the app starts after load, once the page's largest paint has been reported: its
  // modules are then requested after that paint, never competing with it. Without that report
  // (a hidden tab, a browser without the entry type), at load; at the latest 1 s after load.
  function afterLoad() {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (document.visibilityState === 'hidden' || types.indexOf('largest-contentful-paint') < 0) {
      return requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    }
    setTimeout(start, 1000);
    document.addEventListener('visibilitychange', start, { once: true });
    window.addEventListener('scroll', start, { once: true, passive: true }); // the paint is final then
    var observer = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      if (final(entries[entries.length - 1])) {
        observer.disconnect();
        start();
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }

  // Final: no image in view that is bigger than the reported paint is still to paint (all of the
  // page's images have loaded or failed by load; lazy ones in view may still be on their way).
  function final(lcp) {
    for (var i = 0; i < document.images.length; i++) {
      var img = document.images[i];
      if (img === lcp.element) continue;
      var r = img.getBoundingClientRect();
      var w = Math.min(r.right, innerWidth) - Math.max(r.left, 0);
      var h = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
      if (w <= 0 || h <= 0) continue;
      // As the browser counts it: an upscaled image counts at its own size; a broken one not at all.
      var scale = img.complete ? Math.min(1, (img.naturalWidth * img.naturalHeight) / (r.width * r.height)) : 1;
      if (w * h * scale > lcp.size) return false;
    }
    return true;
  }

  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
})();
