// Folio starts its app after the page has loaded: the server's page (article, images) paints
// first with the whole connection, then React's modules load. The built index.html names the
// entry and the modules it needs at once in this script's data attributes (vite.config.ts).
(function () {
  var me = document.currentScript;
  function start() {
    (me.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.src = me.getAttribute('data-entry');
    document.head.appendChild(entry);
  }
  // After the frame that follows load: the server's images paint (the page's largest paint)
  // before any module is requested.
  function later() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
})();
