// Theme before the first paint: the cookie, else the system preference, else dark.
// A file, not an inline script, so the Content-Security-Policy allows scripts from 'self' only.
(() => {
  var m = document.cookie.match(/(?:^|;\s*)preferred-theme=(dark|light)/);
  var t = m ? m[1] : matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark";
  document.documentElement.dataset.theme = t;
  // The browser's bar in the theme's background; the manifest in the reader's language (the shell keeps both up to date).
  var bar = document.querySelector('meta[name="theme-color"]');
  if (bar) bar.setAttribute("content", t === "light" ? "#f6f5f2" : "#14161a");
  var l = document.cookie.match(/(?:^|;\s*)locale=(en|ru)/);
  var manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && l) manifest.setAttribute("href", "/manifest." + l[1] + ".webmanifest");
})();
