// Theme before the first paint: the cookie, else the system preference, else dark.
// A file, not an inline script, so the Content-Security-Policy allows scripts from 'self' only.
(() => {
  var m = document.cookie.match(/(?:^|;\s*)preferred-theme=(dark|light)/);
  var t = m ? m[1] : matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark";
  document.documentElement.dataset.theme = t;
})();
